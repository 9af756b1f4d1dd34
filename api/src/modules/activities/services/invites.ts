import { randomInt } from 'node:crypto';
import type { Invitee, InviteCodeValid, MyInviteCode } from 'contracts';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../../core/http/errors';
import type { PaginateOptions } from '../../../core/http/pagination';
import { qrPng } from '../../accounts/qr-image';
import { startOfDay } from '../../content/day';
import { currentOfKind, insertClaim, setClaimEntry, type ActivityRow } from '../repositories/activities';
import {
  codeOfUser,
  countInvitees,
  dueInvitations,
  freeCode,
  holderOfCode,
  insertCode,
  insertInvitation,
  inviterRewardsSince,
  inviteStats,
  listInvitees,
  lockPendingInvitation,
  markRewarded,
  recycleIdleCode,
  setCodeDevice,
} from '../repositories/invites';
import { creditCoins } from './rewards';

export const INVITE_CODE_WRONG = '邀请码不正确';
/** Codes of accounts that never brought anyone are recycled after this, and only when the space is full. */
const RECYCLE_AFTER_MS = 180 * 86_400_000;
const RANDOM_TRIES = 8;

function wrongCode(): ApiError {
  return new ApiError(400, 'invite_code_invalid', INVITE_CODE_WRONG, { invite_code: [INVITE_CODE_WRONG] });
}

/** A nickname shown to strangers: its first character and stars. */
function masked(nickname: string): string {
  const chars = [...nickname];
  return chars.length <= 1 ? `${chars[0] ?? ''}*` : `${chars[0]}${'*'.repeat(Math.min(chars.length - 1, 3))}`;
}

/**
 * The user's code, issued the first time: random tries, then any free code, then (space full) the code of the
 * longest-idle account that never invited anyone; 503 when every one of the 90,000 codes has brought someone.
 */
export async function ensureCode(app: FastifyInstance, userId: number, device: string | null): Promise<string> {
  const existing = await codeOfUser(app.db, userId);
  if (existing) return existing;
  const now = app.now();
  for (let i = 0; i < RANDOM_TRIES; i++) {
    const code = String(randomInt(10000, 100000));
    if (await insertCode(app.db, userId, code, device, now)) return code;
    const mine = await codeOfUser(app.db, userId);
    if (mine) return mine;
  }
  const code = await app.db.transaction(async (tx) => (await freeCode(tx)) ?? recycleIdleCode(tx, new Date(now.getTime() - RECYCLE_AFTER_MS)));
  if (code && (await insertCode(app.db, userId, code, device, now))) return code;
  const mine = await codeOfUser(app.db, userId);
  if (mine) return mine;
  throw new ApiError(503, 'invite_codes_exhausted', '邀请码已发完，请稍后再试');
}

/** GET /api/invite-code-valid/{code}/: a code someone holds (an account in good standing), else '邀请码不正确'. */
export async function checkCode(app: FastifyInstance, code: string): Promise<InviteCodeValid> {
  const holder = await holderOfCode(app.db, code);
  if (!holder || !holder.active) throw wrongCode();
  return { valid: true, inviter: masked(holder.nickname) };
}

/**
 * Checks a registration's invite code before the account is made: it must exist, and it must not be the code
 * shown on this very browser (self-invitation). Answers the inviter's id.
 */
export async function inviterFor(app: FastifyInstance, code: string, device: string | null): Promise<number> {
  const holder = await holderOfCode(app.db, code);
  if (!holder || !holder.active) throw wrongCode();
  if (device !== null && holder.device === device) throw new ApiError(400, 'self_invitation', '不能使用自己的邀请码', { invite_code: ['不能使用自己的邀请码'] });
  return holder.user_id;
}

/** Records who brought the new account (its reward waits until the invitee does something real). */
export async function recordInvitation(app: FastifyInstance, inviteeId: number, inviterId: number, code: string): Promise<void> {
  if (inviteeId === inviterId) return;
  await insertInvitation(app.db, inviteeId, inviterId, code, app.now());
}

/** Rewards one due invitation in one transaction: both claims and both ledger entries, or nothing. */
async function rewardOne(app: FastifyInstance, drive: ActivityRow, inviteeId: number): Promise<boolean> {
  const now = app.now();
  return app.db.transaction(async (tx) => {
    const pending = await lockPendingInvitation(tx, inviteeId);
    if (!pending) return false;
    // the day's limit: beyond it the invitation waits for the next day
    if ((await inviterRewardsSince(tx, pending.inviter_id, startOfDay(now))) >= drive.daily_limit) return false;
    const pay = async (userId: number, kind: 'invite_inviter' | 'invite_invitee', coins: number, title: string) => {
      const id = await insertClaim(tx, { activityId: drive.id, userId, kind, coins, title, inviteeId, now });
      if (id === null || coins <= 0) return;
      const entryId = await creditCoins(tx, { key: `activity-claim:${id}`, userId, coins, ref: `activity:${drive.id}`, memo: title, at: now });
      await setClaimEntry(tx, id, entryId);
    };
    await pay(pending.inviter_id, 'invite_inviter', drive.inviter_coins, `邀请好友奖励：${drive.title}`);
    await pay(inviteeId, 'invite_invitee', drive.reward_coins, `受邀注册奖励：${drive.title}`);
    await markRewarded(tx, inviteeId, now);
    return true;
  });
}

/** Rewards the due invitations (of one user, or all of them for the sweep); answers how many were rewarded. */
export async function settleInvitations(app: FastifyInstance, userId: number | null): Promise<number> {
  const drive = await currentOfKind(app.db, 'invite', app.now());
  if (!drive) return 0;
  let done = 0;
  for (const due of await dueInvitations(app.db, userId, 200)) {
    if (await rewardOne(app, drive, due.invitee_id)) done++;
  }
  return done;
}

/** GET /api/invite-code/: my code (issued now if need be), its link and QR, and what it brought. */
export async function myInviteCode(app: FastifyInstance, userId: number, device: string): Promise<MyInviteCode> {
  const code = await ensureCode(app, userId, device);
  await setCodeDevice(app.db, userId, device);
  await settleInvitations(app, userId);
  const link = `${app.pay.config.siteOrigin.replace(/\/$/, '')}/app/user/reg/mobile?invite=${code}`;
  const stats = await inviteStats(app.db, userId);
  const drive = await currentOfKind(app.db, 'invite', app.now());
  return {
    code,
    link,
    qr: `data:image/png;base64,${qrPng(link, 5).toString('base64')}`,
    invited: stats.invited,
    rewarded: stats.rewarded,
    earned_coins: stats.earned,
    inviter_coins: drive?.inviter_coins ?? 0,
    invitee_coins: drive?.reward_coins ?? 0,
  };
}

export function inviteeList(app: FastifyInstance, userId: number): PaginateOptions<Invitee> {
  return {
    count: () => countInvitees(app.db, userId),
    fetch: async (limit, offset) =>
      (await listInvitees(app.db, userId, limit, offset)).map((r) => ({
        nickname: masked(r.nickname),
        create_time: r.create_time.toISOString(),
        state: r.rewarded_time ? ('rewarded' as const) : ('pending' as const),
        state_label: r.rewarded_time ? '已获得奖励' : '待完成任务',
        coins: r.coins,
      })),
  };
}
