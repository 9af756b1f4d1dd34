import { Type, type Static } from '@sinclair/typebox';
import { defineEndpoints } from './endpoint';
import { COIN_RECORD_KINDS, WITHDRAW_CHANNELS, WITHDRAW_STATES } from './enums';
import { messages, PageQuery, PageSchema, StringEnum, Text } from './schema';
import { PayNext } from './pay';

/** Coins (issue 14): balances, coin records, spending coins on a document, withdrawals, and staff review. */

const DateTime = Type.String({ format: 'date-time' });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);
export const CoinIdParams = Type.Object({ id: Type.Integer({ minimum: 1, ...messages('编号无效') }) });
export type CoinIdParams = Static<typeof CoinIdParams>;

/** My coins by bucket: available (can spend or withdraw), frozen (earnings in their freeze period), being withdrawn. */
export const CoinBalance = Type.Object({
  available: Type.Integer(),
  frozen: Type.Integer(),
  withdrawing: Type.Integer(),
  total_earned: Type.Integer({ description: '累计收益（金币）' }),
  coin_value_fen: Type.Integer({ description: '1 金币值多少分' }),
  /** The next frozen earnings to become available, if any. */
  next_release: Nullable(Type.Object({ coins: Type.Integer(), time: DateTime })),
});
export type CoinBalance = Static<typeof CoinBalance>;

/** One movement of my coins (a ledger entry that touched my coin accounts), with my balances after it. */
export const CoinRecord = Type.Object({
  id: Type.Integer(),
  kind: StringEnum(COIN_RECORD_KINDS),
  kind_label: Type.String(),
  title: Type.String({ description: '说明，如文档标题' }),
  available_change: Type.Integer(),
  frozen_change: Type.Integer(),
  withdrawing_change: Type.Integer(),
  balance: Type.Object({ available: Type.Integer(), frozen: Type.Integer(), withdrawing: Type.Integer() }),
  /** What caused it: the document, the withdrawal. */
  link: Nullable(PayNext),
  docs: Nullable(Type.Integer()),
  withdraw: Nullable(Type.Integer()),
  release_time: Nullable(DateTime),
  create_time: DateTime,
});
export type CoinRecord = Static<typeof CoinRecord>;
export const CoinRecordPage = PageSchema(CoinRecord);
export type CoinRecordPage = Static<typeof CoinRecordPage>;
export const CoinRecordQuery = Type.Object({ ...PageQuery, kind: Type.Optional(StringEnum(COIN_RECORD_KINDS)) });
export type CoinRecordQuery = Static<typeof CoinRecordQuery>;

/** POST /api/coin-pay/docs/{id}/: buy a paid document with coins (1 coin per fen of its price). */
export const CoinPayAnswer = Type.Object({
  docs: Type.Integer(),
  coins: Type.Integer({ description: '花费的金币' }),
  available: Type.Integer({ description: '剩余可用金币' }),
  message: Type.String(),
});
export type CoinPayAnswer = Static<typeof CoinPayAnswer>;

export const Withdrawal = Type.Object({
  id: Type.Integer(),
  withdraw_no: Type.String(),
  coins: Type.Integer(),
  fee: Type.Integer({ description: '手续费（金币）' }),
  amount: Type.Integer({ description: '到账金额（分）' }),
  channel: StringEnum(WITHDRAW_CHANNELS),
  account: Type.String({ description: '收款账号（打码）' }),
  state: StringEnum(WITHDRAW_STATES),
  state_label: Type.String(),
  reason: Type.String({ description: '失败、驳回或取消的原因' }),
  /** WeChat: while waiting for the payee to confirm, what the page hands to the bridge. */
  package_info: Nullable(Type.String()),
  /** With package_info: the merchant and app ids WeChat's confirmation (requestMerchantTransfer) needs. */
  wx_mch_id: Nullable(Type.String()),
  wx_app_id: Nullable(Type.String()),
  auto_approved: Type.Boolean(),
  create_time: DateTime,
  finish_time: Nullable(DateTime),
});
export type Withdrawal = Static<typeof Withdrawal>;
export const WithdrawalPage = PageSchema(Withdrawal);
export type WithdrawalPage = Static<typeof WithdrawalPage>;

/** GET /api/withdraw/extra_withdraw_coin/: what I can withdraw now, and why not more. */
export const WithdrawQuote = Type.Object({
  available: Type.Integer(),
  frozen: Type.Integer(),
  withdrawing: Type.Integer(),
  withdrawable: Type.Integer({ description: '现在最多可提现的金币' }),
  min_coins: Type.Integer(),
  max_coins: Type.Integer({ description: '单笔最多' }),
  daily_count: Type.Integer({ description: '每天最多提现次数' }),
  today_count: Type.Integer(),
  fee_rate_bp: Type.Integer({ description: '手续费率（万分之几）' }),
  fee_min: Type.Integer({ description: '最低手续费（金币）' }),
  coin_value_fen: Type.Integer(),
  freeze_days: Type.Integer(),
  next_release: Nullable(Type.Object({ coins: Type.Integer(), time: DateTime })),
  /** Why not more (Chinese sentences): below the minimum, frozen earnings, today's count used, … */
  reasons: Type.Array(Type.String()),
  channels: Type.Object({
    alipay: Type.Boolean(),
    wxpay: Type.Boolean({ description: '已通过微信登录绑定微信' }),
  }),
});
export type WithdrawQuote = Static<typeof WithdrawQuote>;

/** A fresh proof that it is me: an SMS code to my phone (reason WITHDRAW is not in SPEC; LOGIN codes serve) or my password (RSA-encrypted like login). */
export const WithdrawProof = Type.Object(
  {
    type: StringEnum(['code', 'password'] as const, messages('请选择验证方式')),
    code: Type.Optional(Type.String({ pattern: '^[0-9]{6}$', ...messages('验证码格式不正确') })),
    password: Type.Optional(Text({ minLength: 1, maxLength: 2048, ...messages('请输入密码') })),
  },
  { additionalProperties: false },
);

export const WithdrawBody = Type.Object(
  {
    coins: Type.Integer({ minimum: 1, ...messages('请输入提现金币数', '请输入提现金币数') }),
    channel: StringEnum(WITHDRAW_CHANNELS, messages('请选择提现方式', '请选择提现方式')),
    /** Alipay: the account (phone digits only, SPEC §5, or e-mail) and the real name Alipay checks. */
    alipay_account: Type.Optional(Text({ minLength: 5, maxLength: 100, pattern: '^([0-9]{5,20}|[^@\\s]+@[^@\\s]+\\.[^@\\s]+)$', ...messages('支付宝账号为手机号（仅数字）或邮箱') })),
    real_name: Type.Optional(Text({ minLength: 2, maxLength: 30, pattern: '^[\\u4e00-\\u9fa5·A-Za-z ]{2,30}$', ...messages('请填写支付宝账号的真实姓名') })),
    proof: WithdrawProof,
  },
  { additionalProperties: false },
);
export type WithdrawBody = Static<typeof WithdrawBody>;

export const WithdrawListQuery = Type.Object({ ...PageQuery, state: Type.Optional(StringEnum(WITHDRAW_STATES)) });
export type WithdrawListQuery = Static<typeof WithdrawListQuery>;

/** Staff (finance): reject with a reason the user sees. */
export const StaffReasonBody = Type.Object({ reason: Text({ minLength: 2, maxLength: 200, ...messages('请填写原因（2-200 字）', '请填写原因') }) }, { additionalProperties: false });
export type StaffReasonBody = Static<typeof StaffReasonBody>;

export const StaffWithdrawal = Type.Composite([Withdrawal, Type.Object({ user: Type.Integer(), nickname: Type.String(), real_name: Type.String(), payee: Type.String() })]);
export type StaffWithdrawal = Static<typeof StaffWithdrawal>;
export const StaffWithdrawalPage = PageSchema(StaffWithdrawal);
export type StaffWithdrawalPage = Static<typeof StaffWithdrawalPage>;

/** The coin rules (coin_settings, one row): what staff (admin, finance) read and change. docs/payments.md, "Coins". */
export const CoinSettings = Type.Object({
  coin_value_fen: Type.Integer({ description: '1 金币值多少分' }),
  uploader_share_bp: Type.Integer({ description: '上传者分成（万分之几）' }),
  freeze_days: Type.Integer({ description: '收益冻结天数' }),
  min_withdraw_coins: Type.Integer({ description: '单笔最少提现金币' }),
  max_withdraw_coins: Type.Integer({ description: '单笔最多提现金币' }),
  daily_withdraw_count: Type.Integer({ description: '每天最多提现次数' }),
  fee_rate_bp: Type.Integer({ description: '提现手续费率（万分之几）' }),
  fee_min_coins: Type.Integer({ description: '最低手续费（金币）' }),
  auto_approve_max_coins: Type.Integer({ description: '自动通过的提现上限（金币）' }),
  auto_approve_min_account_days: Type.Integer({ description: '自动通过要求的账号注册天数' }),
  update_time: DateTime,
});
export type CoinSettings = Static<typeof CoinSettings>;

const SettingInt = (minimum: number, maximum: number, message: string) =>
  Type.Optional(Type.Integer({ minimum, maximum, ...messages(message) }));

/** PATCH /api/staff/settings/coins/: any subset (at least one), each within the table's bounds; min <= max is checked with the stored row. */
export const CoinSettingsPatch = Type.Object(
  {
    coin_value_fen: SettingInt(1, 100, '金币价值应为 1 到 100 分'),
    uploader_share_bp: SettingInt(0, 10_000, '上传者分成应为 0 到 10000（万分之几）'),
    freeze_days: SettingInt(0, 90, '冻结天数应为 0 到 90 天'),
    min_withdraw_coins: SettingInt(1, 100_000_000, '单笔最少提现金币应为 1 到 100000000'),
    max_withdraw_coins: SettingInt(1, 100_000_000, '单笔最多提现金币应为 1 到 100000000'),
    daily_withdraw_count: SettingInt(1, 100, '每天提现次数应为 1 到 100'),
    fee_rate_bp: SettingInt(0, 5000, '手续费率应为 0 到 5000（万分之几）'),
    fee_min_coins: SettingInt(0, 1_000_000, '最低手续费应为 0 到 1000000 金币'),
    auto_approve_max_coins: SettingInt(0, 100_000_000, '自动通过上限应为 0 到 100000000 金币'),
    auto_approve_min_account_days: SettingInt(0, 3650, '自动通过要求的注册天数应为 0 到 3650'),
  },
  { additionalProperties: false },
);
export type CoinSettingsPatch = Static<typeof CoinSettingsPatch>;

export const coinsEndpoints = defineEndpoints({
  'GET /api/coin-balance/': { response: { 200: CoinBalance } },
  'GET /api/coin-records/': { querystring: CoinRecordQuery, response: { 200: CoinRecordPage } },
  'GET /api/coin-records/{id}/': { params: CoinIdParams, response: { 200: CoinRecord } },
  'POST /api/coin-pay/docs/{id}/': { params: CoinIdParams, response: { 200: CoinPayAnswer } },
  'GET /api/withdraw/': { querystring: WithdrawListQuery, response: { 200: WithdrawalPage } },
  'POST /api/withdraw/': { body: WithdrawBody, response: { 201: Withdrawal } },
  'GET /api/withdraw/extra_withdraw_coin/': { response: { 200: WithdrawQuote } },
  'GET /api/withdraw/{id}/': { params: CoinIdParams, response: { 200: Withdrawal } },
  'POST /api/withdraw/{id}/cancel/': { params: CoinIdParams, response: { 200: Withdrawal } },
  'GET /api/staff/withdraw/': { querystring: WithdrawListQuery, response: { 200: StaffWithdrawalPage } },
  'POST /api/staff/withdraw/{id}/approve/': { params: CoinIdParams, response: { 200: StaffWithdrawal } },
  'POST /api/staff/withdraw/{id}/reject/': { params: CoinIdParams, body: StaffReasonBody, response: { 200: StaffWithdrawal } },
  'GET /api/staff/settings/coins/': { response: { 200: CoinSettings } },
  'PATCH /api/staff/settings/coins/': { body: CoinSettingsPatch, response: { 200: CoinSettings } },
});
