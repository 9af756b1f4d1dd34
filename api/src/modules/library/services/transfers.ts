import { TRANSFER_MESSAGE_MAX_CHARS, type Transfer, type TransferBody, type TransferQuery, type TransferStatus } from 'contracts';
import type { FastifyInstance } from 'fastify';
import { isUniqueViolation } from '../../../core/db/errors';
import { ApiError, invalid } from '../../../core/http/errors';
import type { PaginateOptions } from '../../../core/http/pagination';
import { cleanText, textLength } from '../../content/text';
import * as repo from '../repositories/transfers';

/**
 * Document transfers (docs/library.md): an uploader offers a document to another account, which accepts or
 * declines; the sender may cancel while it is pending. Accepting makes the receiver the uploader: later sales
 * earn them; coins of earlier sales stay with the sender (the ledger credited them at sale time).
 */

const STATUS_TEXT: Record<TransferStatus, string> = { pending: '待接收', accepted: '已接收', declined: '已拒绝', cancelled: '已撤回' };
/** A transfer as the route sends it (times as Date). */
export type TransferOut = Omit<Transfer, 'create_time' | 'decide_time'> & { create_time: Date; decide_time: Date | null };

const notFound = () => new ApiError(404, 'not_found', '转让记录不存在');

function transferOut(row: repo.TransferRow, me: number): TransferOut {
  return {
    id: row.id,
    docs: { id: Number(row.docs_id), title: row.docs_title },
    from_user: { uid: Number(row.from_user), nickname: row.from_nickname },
    to_user: { uid: Number(row.to_user), nickname: row.to_nickname },
    status: row.status,
    status_text: STATUS_TEXT[row.status],
    message: row.message,
    direction: Number(row.from_user) === me ? 'sent' : 'received',
    create_time: row.create_time,
    decide_time: row.decide_time,
  };
}

async function visible(app: FastifyInstance, id: number, me: number): Promise<TransferOut> {
  const row = await repo.transferById(app.db, id);
  if (!row || (Number(row.from_user) !== me && Number(row.to_user) !== me)) throw notFound();
  return transferOut(row, me);
}

/** Offers one of my documents to another account. */
export async function offer(app: FastifyInstance, me: number, body: TransferBody): Promise<TransferOut> {
  const message = cleanText(body.message ?? '');
  if (textLength(message) > TRANSFER_MESSAGE_MAX_CHARS) throw invalid({ message: [`留言不能超过${TRANSFER_MESSAGE_MAX_CHARS}个字。`] }, `留言不能超过${TRANSFER_MESSAGE_MAX_CHARS}个字`);
  if (body.to_user === me) throw invalid({ to_user: ['不能转让给自己。'] }, '不能转让给自己');
  const id = await app.db.transaction(async (tx) => {
    const doc = await repo.lockDoc(tx, body.docs);
    if (!doc || Number(doc.uploader_id) !== me) throw new ApiError(404, 'not_found', '文档不存在');
    if (!(await repo.receiverExists(tx, body.to_user))) throw invalid({ to_user: ['接收用户不存在。'] }, '接收用户不存在');
    try {
      return await repo.insertTransfer(tx, { docsId: doc.id, from: me, to: body.to_user, message, now: app.now() });
    } catch (err) {
      if (isUniqueViolation(err)) throw new ApiError(409, 'conflict', '这篇文档已有待处理的转让');
      throw err;
    }
  });
  return visible(app, id, me);
}

export function transferPages(app: FastifyInstance, me: number, query: TransferQuery): PaginateOptions<TransferOut> {
  return {
    count: () => repo.countTransfers(app.db, me, query.box, query.status),
    fetch: async (limit, offset) => (await repo.listTransfers(app.db, me, query.box, query.status, limit, offset)).map((r) => transferOut(r, me)),
  };
}

type Decision = 'accept' | 'decline' | 'cancel';
const RESULT: Record<Decision, TransferStatus> = { accept: 'accepted', decline: 'declined', cancel: 'cancelled' };

/** Accept or decline (the receiver), cancel (the sender): only while pending; someone else's offer is 404. */
export async function decide(app: FastifyInstance, me: number, id: number, decision: Decision): Promise<TransferOut> {
  const moved = await app.db.transaction(async (tx) => {
    const t = await repo.lockTransfer(tx, id);
    const party = t && (Number(t.from_user) === me ? 'sender' : Number(t.to_user) === me ? 'receiver' : null);
    if (!t || !party) throw notFound();
    if ((decision === 'cancel') !== (party === 'sender')) throw new ApiError(403, 'permission_denied', decision === 'cancel' ? '只有转出人可以撤回' : '只有接收人可以处理');
    if (t.status !== 'pending') throw new ApiError(409, 'conflict', '该转让已处理');
    const now = app.now();
    await repo.lockDoc(tx, t.docs_id);
    if (decision === 'accept' && !(await repo.moveDoc(tx, t.docs_id, t.from_user, t.to_user, now))) {
      throw new ApiError(409, 'conflict', '文档已不属于转出人');
    }
    await repo.setStatus(tx, id, RESULT[decision], now);
    return decision === 'accept' ? Number(t.docs_id) : null;
  });
  // the document's detail (its uploader) is cached
  if (moved !== null) app.content.rows.changed('documents', moved);
  return visible(app, id, me);
}
