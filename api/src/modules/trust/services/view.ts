import type { ComplaintStep, RightsComplaint } from 'contracts';
import type { ComplaintRow, StepRow } from '../repositories/complaints';

export const STATE_TEXT: Record<string, string> = {
  submitted: '待处理',
  incomplete: '待补充材料',
  taken_down: '已下架',
  counter_noticed: '已收到反通知',
  lawsuit: '已投诉或起诉',
  closed: '已恢复',
  rejected: '已驳回',
};

export const STEP_TEXT: Record<string, string> = {
  submitted: '提交侵权通知',
  supplemented: '补充材料',
  info_requested: '要求补充材料',
  taken_down: '文档已下架',
  forwarded: '通知已转送上传者',
  counter_noticed: '上传者提交反通知',
  claimant_told: '反通知已转送权利人',
  lawsuit: '权利人已投诉或起诉',
  restored: '期满未起诉，文档已恢复',
  rejected: '通知被驳回',
};

/** '110***********1234': enough for staff to compare with the proof, not the whole number. */
export function maskId(id: string): string {
  if (id.length <= 7) return `${id.slice(0, 1)}${'*'.repeat(Math.max(0, id.length - 1))}`;
  return `${id.slice(0, 3)}${'*'.repeat(id.length - 7)}${id.slice(-4)}`;
}

const step = (s: StepRow): ComplaintStep => ({
  kind: s.kind,
  kind_text: STEP_TEXT[s.kind] ?? s.kind,
  actor: s.actor,
  note: s.note,
  create_time: s.create_time as unknown as string,
});

/** A complaint as `role` sees it: the uploader does not get the claimant's phone and e-mail. */
export function complaintOut(row: ComplaintRow, steps: StepRow[], role: RightsComplaint['role']): RightsComplaint {
  const contact = role !== 'uploader';
  return {
    id: row.id,
    role,
    docs: { id: row.docs_id, title: row.docs_title, status: row.docs_status },
    claimant: { uid: row.user_id, nickname: row.claimant_name },
    uploader: row.uploader_id === null ? null : { uid: row.uploader_id, nickname: row.uploader_name ?? '' },
    real_name: row.real_name,
    id_type: row.id_type,
    id_number: row.id_number,
    phone: contact ? row.phone : '',
    email: contact ? row.email : '',
    work: row.work,
    urls: row.urls,
    description: row.description,
    proofs: row.proofs,
    state: row.state,
    state_text: STATE_TEXT[row.state] ?? row.state,
    counter: (row.counter as RightsComplaint['counter']) ?? null,
    restore_due: row.restore_due as unknown as string | null,
    refundable_orders: row.refundable_orders,
    steps: steps.filter((s) => s.complaint_id === row.id).map(step),
    create_time: row.create_time as unknown as string,
    update_time: row.update_time as unknown as string,
  };
}
