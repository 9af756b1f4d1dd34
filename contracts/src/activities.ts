import { Type, type Static } from '@sinclair/typebox';
import { defineEndpoints } from './endpoint';
import { ACTIVITY_CLAIM_KINDS, ACTIVITY_KINDS, RED_PACKET_STATES } from './enums';
import { messages, PageQuery, PageSchema, StringEnum, Text } from './schema';

/** Activities, red packets and invitations (issue 19). The rules are data staff edit: docs/activities.md. */

const DateTime = Type.String({ format: 'date-time' });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);
const Id = (message: string) => Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, ...messages(message, message) });

export const ActivityIdParams = Type.Object({ id: Id('活动不存在') });
export type ActivityIdParams = Static<typeof ActivityIdParams>;
export const ClaimIdParams = Type.Object({ id: Id('记录不存在') });
export type ClaimIdParams = Static<typeof ClaimIdParams>;
export const RedPacketIdParams = Type.Object({ id: Id('红包不存在') });
export type RedPacketIdParams = Static<typeof RedPacketIdParams>;

/** An activity as everyone sees it, its rules included (the rules page shows them). */
export const Activity = Type.Object({
  id: Type.Integer(),
  kind: StringEnum(ACTIVITY_KINDS),
  kind_label: Type.String(),
  title: Type.String(),
  summary: Type.String(),
  rules: Type.String({ description: '活动规则（运营编辑）' }),
  cover: Type.String(),
  category: Nullable(Type.Object({ id: Type.Integer(), name: Type.String() })),
  target_count: Type.Integer({ description: '上传主题：需要通过审核的文档数' }),
  reward_coins: Type.Integer({ description: '参与者奖励（金币）' }),
  inviter_coins: Type.Integer({ description: '邀请人奖励（金币）' }),
  max_account_days: Type.Integer({ description: '新人礼包：注册多少天内可领' }),
  daily_limit: Type.Integer({ description: '邀请：每人每天最多奖励次数' }),
  claim_days: Type.Integer({ description: '结束后多少天内可领奖' }),
  start_time: DateTime,
  end_time: DateTime,
  state: StringEnum(['upcoming', 'ongoing', 'ended'] as const),
  joined_count: Type.Integer({ description: '参与人数' }),
});
export type Activity = Static<typeof Activity>;
export const ActivityPage = PageSchema(Activity);
export type ActivityPage = Static<typeof ActivityPage>;
export const ActivityListQuery = Type.Object({ ...PageQuery, kind: Type.Optional(StringEnum(ACTIVITY_KINDS)) });
export type ActivityListQuery = Static<typeof ActivityListQuery>;

/** My standing in an activity (null for a visitor). */
export const ActivityMine = Type.Object({
  joined: Type.Boolean(),
  progress: Type.Integer({ description: '已达成的数量（上传主题：通过审核的文档数）' }),
  target: Type.Integer(),
  claimable: Type.Boolean({ description: '现在可以领奖' }),
  claimed: Type.Boolean(),
  reason: Type.String({ description: '不能领奖的原因（中文），可领或已领时为空' }),
});
export type ActivityMine = Static<typeof ActivityMine>;
export const ActivityDetail = Type.Composite([Activity, Type.Object({ mine: Nullable(ActivityMine) })]);
export type ActivityDetail = Static<typeof ActivityDetail>;

/** One thing I earned from an activity. */
export const ActivityClaim = Type.Object({
  id: Type.Integer(),
  activity: Type.Integer(),
  activity_title: Type.String(),
  kind: StringEnum(ACTIVITY_CLAIM_KINDS),
  kind_label: Type.String(),
  title: Type.String(),
  coins: Type.Integer(),
  state: StringEnum(['credited'] as const),
  state_label: Type.String(),
  create_time: DateTime,
});
export type ActivityClaim = Static<typeof ActivityClaim>;
export const ActivityClaimPage = PageSchema(ActivityClaim);
export type ActivityClaimPage = Static<typeof ActivityClaimPage>;
export const ActivityClaimQuery = Type.Object({ ...PageQuery });
export type ActivityClaimQuery = Static<typeof ActivityClaimQuery>;

export const ActivityBody = Type.Object({ activity: Id('活动不存在') }, { additionalProperties: false });
export type ActivityBody = Static<typeof ActivityBody>;

/** GET /api/invite-code-valid/{code}/ (SPEC §5: 5 digits, '邀请码不正确'). */
export const InviteCodeParams = Type.Object({ code: Type.String({ pattern: '^[0-9]{5}$', ...messages('邀请码不正确', '邀请码不正确') }) });
export type InviteCodeParams = Static<typeof InviteCodeParams>;
export const InviteCodeValid = Type.Object({ valid: Type.Boolean(), inviter: Type.String({ description: '邀请人昵称（打码）' }) });
export type InviteCodeValid = Static<typeof InviteCodeValid>;

/** GET /api/invite-code/: my code, its link and QR picture, what it brought. */
export const MyInviteCode = Type.Object({
  code: Type.String(),
  link: Type.String(),
  qr: Type.String({ description: '二维码图片（data:image/png;base64）' }),
  invited: Type.Integer(),
  rewarded: Type.Integer(),
  earned_coins: Type.Integer(),
  inviter_coins: Type.Integer({ description: '每邀请一位好友可得' }),
  invitee_coins: Type.Integer({ description: '好友可得' }),
});
export type MyInviteCode = Static<typeof MyInviteCode>;
export const Invitee = Type.Object({
  nickname: Type.String(),
  create_time: DateTime,
  state: StringEnum(['pending', 'rewarded'] as const),
  state_label: Type.String(),
  coins: Type.Integer({ description: '我因此获得的金币' }),
});
export type Invitee = Static<typeof Invitee>;
export const InviteePage = PageSchema(Invitee);
export type InviteePage = Static<typeof InviteePage>;
export const InviteeQuery = Type.Object({ ...PageQuery });
export type InviteeQuery = Static<typeof InviteeQuery>;

export const RedPacket = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  sender: Type.String({ description: '发送人昵称；站点红包为“官方”' }),
  total_coins: Type.Integer(),
  shares: Type.Integer(),
  remaining_coins: Type.Integer(),
  remaining_shares: Type.Integer(),
  state: StringEnum(RED_PACKET_STATES),
  state_label: Type.String(),
  returned_coins: Type.Integer(),
  expire_time: DateTime,
  create_time: DateTime,
  /** What I got from it (null: not opened by me). */
  my_coins: Nullable(Type.Integer()),
  share_path: Type.String({ description: '分享链接的路径（/app/activity/home_page1?packet=…）' }),
});
export type RedPacket = Static<typeof RedPacket>;
export const RedPacketPage = PageSchema(RedPacket);
export type RedPacketPage = Static<typeof RedPacketPage>;
export const RedPacketQuery = Type.Object({ ...PageQuery, box: Type.Optional(StringEnum(['received', 'sent'] as const)) });
export type RedPacketQuery = Static<typeof RedPacketQuery>;

const Coins = (min: number, max: number, message: string) => Type.Integer({ minimum: min, maximum: max, ...messages(message, message) });

/** POST /api/red-packets/: a red packet paid from my available coins. */
export const RedPacketBody = Type.Object(
  {
    title: Text({ minLength: 1, maxLength: 50, ...messages('红包标题为 1-50 字', '请填写红包标题') }),
    total_coins: Coins(1, 1_000_000, '红包金额应为 1 到 1000000 金币'),
    shares: Coins(1, 10_000, '红包个数应为 1 到 10000 个'),
    expire_hours: Type.Optional(Coins(1, 168, '有效期应为 1 到 168 小时')),
  },
  { additionalProperties: false },
);
export type RedPacketBody = Static<typeof RedPacketBody>;
export const RedPacketOpened = Type.Object({ coins: Type.Integer(), packet: RedPacket, message: Type.String() });
export type RedPacketOpened = Static<typeof RedPacketOpened>;

/** Staff (admin): an activity, all fields; PATCH any subset. */
const ActivityFields = {
  kind: StringEnum(ACTIVITY_KINDS, messages('活动类型不正确', '请选择活动类型')),
  title: Text({ minLength: 1, maxLength: 100, ...messages('标题为 1-100 字', '请填写标题') }),
  summary: Type.Optional(Text({ maxLength: 500, ...messages('简介最多 500 字') })),
  rules: Type.Optional(Text({ maxLength: 5000, ...messages('规则最多 5000 字') })),
  cover: Type.Optional(Text({ maxLength: 500, ...messages('封面地址最多 500 字') })),
  category: Type.Optional(Nullable(Id('分类不存在'))),
  target_count: Type.Optional(Coins(0, 1000, '目标数量应为 0 到 1000')),
  reward_coins: Type.Optional(Coins(0, 1_000_000, '奖励应为 0 到 1000000 金币')),
  inviter_coins: Type.Optional(Coins(0, 1_000_000, '邀请人奖励应为 0 到 1000000 金币')),
  max_account_days: Type.Optional(Coins(0, 3650, '注册天数应为 0 到 3650')),
  daily_limit: Type.Optional(Coins(0, 1000, '每日上限应为 0 到 1000')),
  claim_days: Type.Optional(Coins(0, 365, '领奖期应为 0 到 365 天')),
  start_time: Type.String({ format: 'date-time', ...messages('开始时间不正确', '请填写开始时间') }),
  end_time: Type.String({ format: 'date-time', ...messages('结束时间不正确', '请填写结束时间') }),
  active: Type.Optional(Type.Boolean()),
  sequence: Type.Optional(Coins(-100000, 100000, '排序值不正确')),
};
export const StaffActivityBody = Type.Object(ActivityFields, { additionalProperties: false });
export type StaffActivityBody = Static<typeof StaffActivityBody>;
export const StaffActivityPatch = Type.Partial(Type.Object(ActivityFields), { additionalProperties: false });
export type StaffActivityPatch = Static<typeof StaffActivityPatch>;
export const StaffActivity = Type.Composite([Activity, Type.Object({ active: Type.Boolean(), sequence: Type.Integer() })]);
export type StaffActivity = Static<typeof StaffActivity>;
export const StaffActivityPage = PageSchema(StaffActivity);
export type StaffActivityPage = Static<typeof StaffActivityPage>;
export const StaffActivityQuery = Type.Object({ ...PageQuery });
export type StaffActivityQuery = Static<typeof StaffActivityQuery>;

/** Staff: a red packet from the site's activity budget. */
export const StaffRedPacketBody = Type.Object(
  {
    title: RedPacketBody.properties.title,
    total_coins: RedPacketBody.properties.total_coins,
    shares: RedPacketBody.properties.shares,
    min_unit: Type.Optional(Coins(1, 10_000, '最小份额应为 1 到 10000 金币')),
    expire_hours: Type.Optional(Coins(1, 24 * 30, '有效期应为 1 到 720 小时')),
  },
  { additionalProperties: false },
);
export type StaffRedPacketBody = Static<typeof StaffRedPacketBody>;

export const activitiesEndpoints = defineEndpoints({
  'GET /api/activity-info/': { querystring: ActivityListQuery, response: { 200: ActivityPage } },
  'GET /api/activity-info/{id}/': { params: ActivityIdParams, response: { 200: ActivityDetail } },
  'GET /api/activity-parti/': { querystring: ActivityClaimQuery, response: { 200: ActivityClaimPage } },
  'GET /api/activity-parti/{id}/': { params: ClaimIdParams, response: { 200: ActivityClaim } },
  'POST /api/activity-parti/': { body: ActivityBody, response: { 201: ActivityClaim } },
  'POST /api/theme-parti/': { body: ActivityBody, response: { 200: ActivityDetail } },
  'GET /api/invite-code-valid/{code}/': { params: InviteCodeParams, response: { 200: InviteCodeValid } },
  'GET /api/invite-code/': { response: { 200: MyInviteCode } },
  'GET /api/invite-code/invitees/': { querystring: InviteeQuery, response: { 200: InviteePage } },
  'GET /api/red-packets/': { querystring: RedPacketQuery, response: { 200: RedPacketPage } },
  'POST /api/red-packets/': { body: RedPacketBody, response: { 201: RedPacket } },
  'GET /api/red-packets/{id}/': { params: RedPacketIdParams, response: { 200: RedPacket } },
  'POST /api/red-packets/{id}/open/': { params: RedPacketIdParams, response: { 200: RedPacketOpened } },
  'GET /api/staff/activities/': { querystring: StaffActivityQuery, response: { 200: StaffActivityPage } },
  'POST /api/staff/activities/': { body: StaffActivityBody, response: { 201: StaffActivity } },
  'PATCH /api/staff/activities/{id}/': { params: ActivityIdParams, body: StaffActivityPatch, response: { 200: StaffActivity } },
  'POST /api/staff/red-packets/': { body: StaffRedPacketBody, response: { 201: RedPacket } },
});
