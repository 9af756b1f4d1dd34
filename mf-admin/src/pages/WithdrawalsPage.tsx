import { WITHDRAW_STATE_LABELS, WITHDRAW_STATES } from 'contracts/enums';
import { formatFen } from 'shared-kernel';
import { approveWithdrawal, listWithdrawals, rejectWithdrawal, type StaffWithdrawal } from '../api/staff';
import { TEXTS } from '../texts';
import { ReviewQueue, type QueueConfig } from '../ui/ReviewQueue';
import { formatTime, PageFrame } from '../ui/Status';

const T = TEXTS.withdrawals;

/** The state in its colour class (requested amber, on its way blue, done green, given back grey/red). */
function StateLabel({ w }: { w: StaffWithdrawal }) {
  return <span className={`ad-state ad-w-${w.state}`}>{WITHDRAW_STATE_LABELS[w.state] ?? w.state_label}</span>;
}

const config: QueueConfig<StaffWithdrawal> = {
  filters: [...(['requested', ...WITHDRAW_STATES.filter((s) => s !== 'requested')] as const).map((s) => [s, WITHDRAW_STATE_LABELS[s]] as const), ['', T.all]],
  load: listWithdrawals,
  title: (w) => `${T.no} ${w.withdraw_no}`,
  columns: [
    { label: T.no, render: (w) => w.withdraw_no },
    { label: T.user, render: (w) => `${w.nickname}（#${w.user}）` },
    { label: T.coins, render: (w) => T.coinUnit(w.coins) },
    { label: T.amount, render: (w) => formatFen(w.amount) },
    { label: T.channel, render: (w) => T.channels[w.channel] ?? w.channel },
    { label: T.state, render: (w) => <StateLabel w={w} /> },
    { label: T.created, render: (w) => formatTime(w.create_time) },
  ],
  detail: (w) => (
    <dl className="ad-dl">
      <dt>{T.user}</dt>
      <dd>{`${w.nickname}（#${w.user}）`}</dd>
      <dt>{T.coins}</dt>
      <dd>{`${T.coinUnit(w.coins)}（${T.fee} ${T.coinUnit(w.fee)}）`}</dd>
      <dt>{T.amount}</dt>
      <dd>{formatFen(w.amount)}</dd>
      <dt>{T.channel}</dt>
      <dd>{T.channels[w.channel] ?? w.channel}</dd>
      <dt>{T.payee}</dt>
      <dd>{w.payee}</dd>
      <dt>{T.realName}</dt>
      <dd>{w.real_name || '—'}</dd>
      <dt>{T.payout}</dt>
      <dd>
        <StateLabel w={w} />
        {w.auto_approved ? `（${T.auto}）` : ''}
      </dd>
      {w.reason && (
        <>
          <dt>{T.reason}</dt>
          <dd>{w.reason}</dd>
        </>
      )}
      <dt>{T.created}</dt>
      <dd>{formatTime(w.create_time)}</dd>
      <dt>{T.finished}</dt>
      <dd>{formatTime(w.finish_time)}</dd>
    </dl>
  ),
  open: (w) => w.state === 'requested',
  approve: approveWithdrawal,
  reject: rejectWithdrawal,
  testId: 'withdrawals-queue',
};

/** admin/withdrawals: withdrawals to review (approve starts the payout, reject gives the coins back), and the payout state of each. */
export default function WithdrawalsPage() {
  return (
    <PageFrame route="admin.withdrawals">
      <ReviewQueue config={config} />
    </PageFrame>
  );
}
