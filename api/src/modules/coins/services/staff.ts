import type { StaffWithdrawal, WithdrawState } from 'contracts';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../../core/http/errors';
import type { PaginateOptions } from '../../../core/http/pagination';
import type { UserRow } from '../../accounts/users';
import { moveWithdrawal, withdrawalById, type WithdrawalRow } from '../repositories/withdrawals';
import { staffItem, staffList } from './lists';
import { returnWithdrawal, startPayout } from './payouts';

const reviewer = (user: UserRow) => `staff:${user.id}`;

async function found(app: FastifyInstance, id: number): Promise<WithdrawalRow> {
  const w = await withdrawalById(app.db, id);
  if (!w) throw new ApiError(404, 'not_found', '提现记录不存在');
  return w;
}

export function staffWithdrawalList(app: FastifyInstance, state: WithdrawState | undefined): PaginateOptions<StaffWithdrawal> {
  return staffList(app, state);
}

/** Staff approve a requested withdrawal; it is paid out at once. */
export async function approveWithdrawal(app: FastifyInstance, staff: UserRow, id: number): Promise<StaffWithdrawal> {
  const w = await found(app, id);
  if (!(await moveWithdrawal(app.db, id, ['requested'], 'approved', { reviewer: reviewer(staff), at: app.now() }))) {
    throw new ApiError(409, 'not_pending', `该提现状态为「${w.state}」，不能审核`);
  }
  return staffItem(app, await startPayout(app, id));
}

/** Staff reject with a reason the user sees; the coins go back to available. */
export async function rejectWithdrawal(app: FastifyInstance, staff: UserRow, id: number, reason: string): Promise<StaffWithdrawal> {
  const w = await found(app, id);
  if (!(await returnWithdrawal(app, id, ['requested'], 'rejected', reason.trim(), reviewer(staff)))) {
    throw new ApiError(409, 'not_pending', `该提现状态为「${w.state}」，不能审核`);
  }
  return staffItem(app, await found(app, id));
}
