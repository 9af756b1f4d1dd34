import { ACTIVITY_CLAIM_LABELS, ACTIVITY_KIND_LABELS, type Activity, type ActivityClaim, type ActivityDetail, type ActivityKind, type ActivityMine } from 'contracts';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../../core/http/errors';
import type { PaginateOptions } from '../../../core/http/pagination';
import type { UserRow } from '../../accounts/users';
import {
  activityById,
  approvedUploads,
  claimById,
  countActivities,
  countClaims,
  giftTakenBy,
  hasClaim,
  insertClaim,
  insertJoin,
  isJoined,
  listActivities,
  listClaims,
  setClaimEntry,
  type ActivityRow,
  type ClaimRow,
} from '../repositories/activities';
import { userFacts } from '../repositories/invites';
import { settleInvitations } from './invites';
import { creditCoins } from './rewards';

const DAY_MS = 86_400_000;

function stateOf(a: ActivityRow, now: Date): Activity['state'] {
  if (now < a.start_time) return 'upcoming';
  return now < a.end_time ? 'ongoing' : 'ended';
}

export function toActivity(a: ActivityRow, now: Date): Activity {
  return {
    id: a.id,
    kind: a.kind,
    kind_label: ACTIVITY_KIND_LABELS[a.kind],
    title: a.title,
    summary: a.summary,
    rules: a.rules,
    cover: a.cover,
    category: a.category_id !== null && a.category_name !== null ? { id: a.category_id, name: a.category_name } : null,
    target_count: a.target_count,
    reward_coins: a.reward_coins,
    inviter_coins: a.inviter_coins,
    max_account_days: a.max_account_days,
    daily_limit: a.daily_limit,
    claim_days: a.claim_days,
    start_time: a.start_time.toISOString(),
    end_time: a.end_time.toISOString(),
    state: stateOf(a, now),
    joined_count: a.joined_count,
  };
}

export function toClaim(c: ClaimRow): ActivityClaim {
  return {
    id: c.id,
    activity: c.activity_id,
    activity_title: c.activity_title,
    kind: c.kind,
    kind_label: ACTIVITY_CLAIM_LABELS[c.kind],
    title: c.title,
    coins: c.coins,
    state: c.state,
    state_label: '已到账',
    create_time: c.create_time.toISOString(),
  };
}

export function activityList(app: FastifyInstance, kind: ActivityKind | undefined): PaginateOptions<Activity> {
  return {
    count: () => countActivities(app.db, kind ?? null, false),
    fetch: async (limit, offset) => (await listActivities(app.db, kind ?? null, false, limit, offset)).map((a) => toActivity(a, app.now())),
  };
}

async function activityOr404(app: FastifyInstance, id: number): Promise<ActivityRow> {
  const a = await activityById(app.db, id);
  if (!a) throw new ApiError(404, 'not_found', '活动不存在');
  return a;
}

/** Why a prize cannot be claimed now ('' when it can). */
function claimWindow(a: ActivityRow, now: Date): string {
  if (now < a.start_time) return '活动尚未开始';
  if (now.getTime() > a.end_time.getTime() + a.claim_days * DAY_MS) return '活动已结束，领奖期已过';
  return '';
}

async function themeMine(app: FastifyInstance, a: ActivityRow, userId: number): Promise<ActivityMine> {
  const [joined, claimed, progress] = await Promise.all([
    isJoined(app.db, a.id, userId),
    hasClaim(app.db, a.id, userId, 'theme_prize'),
    approvedUploads(app.db, a, userId),
  ]);
  const window = claimWindow(a, app.now());
  const reason = claimed ? '' : !joined ? '请先报名参加活动' : progress < a.target_count ? `还差 ${a.target_count - progress} 篇通过审核的文档` : window;
  return { joined, progress, target: a.target_count, claimable: !claimed && reason === '', claimed, reason };
}

async function giftMine(app: FastifyInstance, a: ActivityRow, user: UserRow): Promise<ActivityMine> {
  const claimed = await hasClaim(app.db, a.id, user.id, 'new_user_gift');
  const reason = claimed ? '' : await giftRefusal(app, a, user, null);
  return { joined: claimed, progress: claimed ? 1 : 0, target: 1, claimable: !claimed && reason === '', claimed, reason };
}

/** The detail with my standing in it (for the invitation drive, my standing lives on my invite page). */
export async function activityDetail(app: FastifyInstance, id: number, user: UserRow | null): Promise<ActivityDetail> {
  const a = await activityOr404(app, id);
  let mine: ActivityMine | null = null;
  if (user && a.kind === 'upload_theme') mine = await themeMine(app, a, user.id);
  if (user && a.kind === 'new_user') mine = await giftMine(app, a, user);
  return { ...toActivity(a, app.now()), mine };
}

/** POST /api/theme-parti/: joins an upload theme (again is fine); answers the detail with my progress. */
export async function joinTheme(app: FastifyInstance, user: UserRow, id: number): Promise<ActivityDetail> {
  const a = await activityOr404(app, id);
  if (a.kind !== 'upload_theme') throw new ApiError(400, 'not_a_theme', '该活动无需报名');
  const now = app.now();
  if (now >= a.end_time) throw new ApiError(400, 'activity_ended', '活动已结束');
  await insertJoin(app.db, a.id, user.id, now);
  return activityDetail(app, a.id, user);
}

/** Why this account (and device) may not take the new-user gift ('' when it may). */
async function giftRefusal(app: FastifyInstance, a: ActivityRow, user: UserRow, device: string | null): Promise<string> {
  const window = claimWindow(a, app.now());
  if (window) return window;
  const facts = await userFacts(app.db, user.id);
  if (!facts?.phone) return '请先绑定手机号';
  if (app.now().getTime() - facts.create_time.getTime() > a.max_account_days * DAY_MS) return `仅限注册 ${a.max_account_days} 天内的新用户领取`;
  if (await giftTakenBy(app.db, a.id, facts.phone, device)) return '该手机号或设备已领取过新人礼包';
  return '';
}

/** Writes the claim and its ledger entry in one transaction; a taken unique key is "already claimed". */
async function credit(app: FastifyInstance, a: ActivityRow, user: UserRow, kind: 'theme_prize' | 'new_user_gift', extra: { phone?: string | null; device?: string | null }): Promise<ActivityClaim> {
  const now = app.now();
  const claimId = await app.db.transaction(async (tx) => {
    const id = await insertClaim(tx, { activityId: a.id, userId: user.id, kind, coins: a.reward_coins, title: a.title, now, ...extra });
    if (id === null) return null;
    if (a.reward_coins > 0) {
      const entryId = await creditCoins(tx, { key: `activity-claim:${id}`, userId: user.id, coins: a.reward_coins, ref: `activity:${a.id}`, memo: `${ACTIVITY_CLAIM_LABELS[kind]}：${a.title}`, at: now });
      await setClaimEntry(tx, id, entryId);
    }
    return id;
  });
  if (claimId === null) throw new ApiError(409, 'already_claimed', kind === 'new_user_gift' ? '该手机号或设备已领取过新人礼包' : '你已领取过该奖励');
  return toClaim((await claimById(app.db, user.id, claimId)) as ClaimRow);
}

/** POST /api/activity-parti/: claims a reached theme prize or the new-user gift (invitation rewards come by themselves). */
export async function claimPrize(app: FastifyInstance, user: UserRow, id: number, device: string): Promise<ActivityClaim> {
  const a = await activityOr404(app, id);
  if (a.kind === 'invite') throw new ApiError(400, 'auto_reward', '邀请奖励在好友完成任务后自动发放，无需领取');
  if (a.kind === 'upload_theme') {
    const mine = await themeMine(app, a, user.id);
    if (mine.claimed) throw new ApiError(409, 'already_claimed', '你已领取过该奖励');
    if (!mine.claimable) throw new ApiError(400, 'not_reached', mine.reason);
    return credit(app, a, user, 'theme_prize', {});
  }
  const refusal = await giftRefusal(app, a, user, device);
  if (refusal) throw new ApiError(refusal.includes('已领取') ? 409 : 400, refusal.includes('已领取') ? 'already_claimed' : 'not_eligible', refusal);
  const facts = await userFacts(app.db, user.id);
  return credit(app, a, user, 'new_user_gift', { phone: facts?.phone ?? null, device });
}

/** My claims, newest first; my due invitation rewards are credited first so the list is current. */
export async function claimList(app: FastifyInstance, userId: number): Promise<PaginateOptions<ActivityClaim>> {
  await settleInvitations(app, userId);
  return {
    count: () => countClaims(app.db, userId),
    fetch: async (limit, offset) => (await listClaims(app.db, userId, limit, offset)).map(toClaim),
  };
}

export async function claimDetail(app: FastifyInstance, userId: number, id: number): Promise<ActivityClaim> {
  const row = await claimById(app.db, userId, id);
  if (!row) throw new ApiError(404, 'not_found', '记录不存在');
  return toClaim(row);
}
