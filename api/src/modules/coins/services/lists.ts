import type { StaffWithdrawal, Withdrawal, WithdrawState } from 'contracts';
import type { FastifyInstance } from 'fastify';
import type { PaginateOptions } from '../../../core/http/pagination';
import { countWithdrawals, listWithdrawals, nicknameOf, type WithdrawalFilter, type WithdrawalRow } from '../repositories/withdrawals';
import { withdrawalItem } from './withdrawals';

export function withdrawalList(app: FastifyInstance, filter: WithdrawalFilter): PaginateOptions<Withdrawal> {
  return {
    count: () => countWithdrawals(app.db, filter),
    fetch: async (limit, offset) => (await listWithdrawals(app.db, filter, limit, offset)).map((w) => withdrawalItem(w, app.pay.config.wxpay)),
  };
}

/** What staff see of a withdrawal: the whole payee, the real name and who asked. */
export async function staffItem(app: FastifyInstance, w: WithdrawalRow): Promise<StaffWithdrawal> {
  return { ...withdrawalItem(w, app.pay.config.wxpay), user: w.user_id, nickname: await nicknameOf(app.db, w.user_id), real_name: w.real_name, payee: w.payee };
}

export function staffList(app: FastifyInstance, state: WithdrawState | undefined): PaginateOptions<StaffWithdrawal> {
  const filter = { state };
  return {
    count: () => countWithdrawals(app.db, filter),
    fetch: async (limit, offset) => Promise.all((await listWithdrawals(app.db, filter, limit, offset)).map((w) => staffItem(app, w))),
  };
}
