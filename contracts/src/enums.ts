/**
 * Enum values the wire contract's schemas are built from and that pages need at run time. This file imports
 * nothing, so that a remote importing it (`import { CAPTCHA_TYPES } from 'contracts/enums'`) bundles these few
 * values and nothing else.
 */

/** The four variants of the security check (SPEC §2 "Other dialogs"), in the order "换一种验证方式" walks through them. */
export const CAPTCHA_TYPES = ['slide', 'click', 'drag', 'rotate'] as const;
export type CaptchaType = (typeof CAPTCHA_TYPES)[number];

/** repCode values of the captcha answers (AJ-Captcha's numbers, which the client knows). */
export const CAPTCHA_REP_CODE = {
  ok: '0000',
  expired: '6110',
  wrong: '6111',
  limited: '6201',
} as const;

/** Platforms of the app and PC client releases (app_versions.platform). */
export const APP_PLATFORMS = ['android', 'ios', 'pc'] as const;
export type AppPlatform = (typeof APP_PLATFORMS)[number];

/** The mobile platforms: the app's update check and the third-party SDK list. */
export const MOBILE_PLATFORMS = ['android', 'ios'] as const;
export type MobilePlatform = (typeof MOBILE_PLATFORMS)[number];

/** A document's icon family (documents.ext_cate), in the order the API lists them (GET docs-setting/). */
export const EXT_CATES = ['pdf', 'word', 'excel', 'ppt', 'other', 'compress'] as const;
export type ExtCate = (typeof EXT_CATES)[number];

/** Document statuses (documents.status). */
export const DOC_STATUS = {
  pending: 0,
  published: 1,
  rejected: 2,
  conversionFailed: 3,
  removed: 4,
  restored: 5,
  /** Uploaded and queued or converting (documents.stage says which step). */
  converting: 6,
} as const;

/** Statuses of a document anyone may see; the others only its uploader. */
export const PUBLIC_DOC_STATUSES: readonly number[] = [DOC_STATUS.published, DOC_STATUS.restored];

/** Blog statuses (blogs.status); only published blogs are public. */
/** Blog states: 0 草稿, 1 已发布, 2 审核未通过, 3 已下架, 4 待审核 (submitted, waiting for review). Only 1 is public. */
export const BLOG_STATUS = { draft: 0, published: 1, rejected: 2, removed: 3, pending: 4 } as const;

/** What a search or a list can hold: documents or blogs. */
export const ITEM_TYPES = ['docs', 'blogs'] as const;
export type ItemType = (typeof ITEM_TYPES)[number];

/** login_type of POST /api/token/, of the sessions and of the login history (SPEC §3). */
export const LOGIN_TYPES = { password: 1, smsCode: 2, thirdParty: 3, qrCode: 4 } as const;
export type LoginType = (typeof LOGIN_TYPES)[keyof typeof LOGIN_TYPES];

/**
 * The login history's `action`: 'login', or a change of the account's security (each also told by SMS and mail),
 * with its label in Chinese.
 */
export const ACCOUNT_EVENTS = {
  login: '登录',
  change_mobile: '更换手机号',
  bind_email: '绑定邮箱',
  unbind_email: '解绑邮箱',
  change_password: '修改登录密码',
  reset_password: '找回登录密码',
  set_pwd_protection: '设置密保问题',
  bind_trd: '绑定第三方账号',
  unbind_trd: '解绑第三方账号',
  delete_request: '申请注销账号',
  delete_cancel: '撤销注销账号',
  sign_out_others: '下线其他设备',
} as const;
export type AccountEvent = keyof typeof ACCOUNT_EVENTS;

/** reason of POST /api/codes/ (SPEC §3 "Verify-code request"). */
export const SMS_REASONS = ['REGISTER', 'LOGIN', 'FIND_PWD', 'TRD_ACTIVE'] as const;
export type SmsReason = (typeof SMS_REASONS)[number];

/** Why an account is not active (SPEC §4, §6); null when it is. */
export const INACTIVE_REASONS = ['TRD_LOGIN_NO_MOBILE', 'CODE_LOGIN_NO_PASSWORD', 'POST_SPAM_COMMENTS'] as const;
export type InactiveReason = (typeof INACTIVE_REASONS)[number];

/** Kinds of login QR code: login (the product's app scans) or wxgzh_login (the chat app's official account). */
export const QR_TYPES = ['login', 'wxgzh_login'] as const;
export type QrType = (typeof QR_TYPES)[number];

/** Provider names a third-party binding may carry (SPEC §4 "Third-party login" plus the mini-program). */
export const TRD_PROVIDERS = ['weixin_miniapp', 'alipay', 'alipayh5', 'weixin', 'weixingzh', 'qq', 'weibo'] as const;
export type TrdProvider = (typeof TRD_PROVIDERS)[number];

/** The OAuth providers of GET /api/login/{provider}/ (SPEC §7). */
export const OAUTH_PROVIDERS = ['alipay', 'alipayh5', 'weixin', 'weixingzh', 'qq', 'weibo'] as const;
export type OAuthProvider = (typeof OAUTH_PROVIDERS)[number];

/** How a person pays (orders.pay_method): Alipay or WeChat Pay. */
export const PAY_METHODS = ['alipay', 'wxpay'] as const;
export type PayMethodName = (typeof PAY_METHODS)[number];

/**
 * The provider's product an order is paid through (orders.channel): Alipay precreate (QR on PC), page (PC
 * redirect), wap (phone browser); WeChat native (QR on PC), h5 (phone browser), jsapi (WeChat web page and the
 * mini-program); app (the app's own bridge).
 */
export const PAY_CHANNELS = ['precreate', 'page', 'wap', 'native', 'h5', 'jsapi', 'app'] as const;
export type PayChannelName = (typeof PAY_CHANNELS)[number];

/** The channels of each method. */
export const CHANNELS_OF: Record<PayMethodName, readonly PayChannelName[]> = {
  alipay: ['precreate', 'page', 'wap', 'app'],
  wxpay: ['native', 'h5', 'jsapi', 'app'],
};

/** What an order buys: a download package, or one paid document. */
export const ORDER_TYPES = ['package', 'docs'] as const;
export type OrderType = (typeof ORDER_TYPES)[number];

/**
 * The states of an order (SPEC.md leaves them "not shown"; docs/payments.md draws the machine):
 * created → paying → paid → refunding → refunded; created/paying → closed (not paid in time, or closed).
 */
export const ORDER_STATES = ['created', 'paying', 'paid', 'closed', 'refunding', 'refunded'] as const;
export type OrderState = (typeof ORDER_STATES)[number];

export const ORDER_STATE_LABELS: Record<OrderState, string> = {
  created: '待支付',
  paying: '待支付',
  paid: '已支付',
  closed: '已关闭',
  refunding: '退款中',
  refunded: '已退款',
};

/**
 * What moved a user's coins (coin records): a sale's share arrived frozen, was released to available, was
 * reversed (a refund or takedown while frozen), coins spent on a document, a withdrawal held, paid out or
 * returned, a reward (activities).
 */
export const COIN_RECORD_KINDS = ['earned', 'released', 'reversed', 'spent', 'withdraw_hold', 'withdraw_paid', 'withdraw_returned', 'reward'] as const;
export type CoinRecordKind = (typeof COIN_RECORD_KINDS)[number];

export const COIN_RECORD_LABELS: Record<CoinRecordKind, string> = {
  earned: '文档收益（冻结中）',
  released: '收益解冻',
  reversed: '收益撤回',
  spent: '金币购买文档',
  withdraw_hold: '申请提现',
  withdraw_paid: '提现到账',
  withdraw_returned: '提现退回',
  reward: '活动奖励',
};

/** Where a withdrawal is paid to. */
/** Staff roles (table staff_roles); admin holds every role. */
export const STAFF_ROLES = ['admin', 'reviewer', 'finance', 'support'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const WITHDRAW_CHANNELS = ['alipay', 'wxpay'] as const;
export type WithdrawChannel = (typeof WITHDRAW_CHANNELS)[number];

/**
 * A withdrawal's states: requested (coins held) → approved (by staff, or automatically under the limit) → paying
 * → success; paying → wait_user_confirm (WeChat: the payee confirms) → success; failed, rejected (staff) and
 * cancelled (the user) give the coins back.
 */
export const WITHDRAW_STATES = ['requested', 'approved', 'paying', 'wait_user_confirm', 'success', 'failed', 'rejected', 'cancelled'] as const;
export type WithdrawState = (typeof WITHDRAW_STATES)[number];

export const WITHDRAW_STATE_LABELS: Record<WithdrawState, string> = {
  requested: '待审核',
  approved: '已通过，待打款',
  paying: '打款中',
  wait_user_confirm: '待你在微信中确认收款',
  success: '已到账',
  failed: '打款失败，金币已退回',
  rejected: '未通过，金币已退回',
  cancelled: '已取消，金币已退回',
};

/** Activities (issue 19): the kinds staff make, and what a claim paid for. docs/activities.md. */
export const ACTIVITY_KINDS = ['upload_theme', 'new_user', 'invite'] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];
export const ACTIVITY_KIND_LABELS: Record<ActivityKind, string> = { upload_theme: '上传主题', new_user: '新人礼包', invite: '邀请有礼' };
export const ACTIVITY_CLAIM_KINDS = ['theme_prize', 'new_user_gift', 'invite_inviter', 'invite_invitee'] as const;
export type ActivityClaimKind = (typeof ACTIVITY_CLAIM_KINDS)[number];
export const ACTIVITY_CLAIM_LABELS: Record<ActivityClaimKind, string> = {
  theme_prize: '主题活动奖励',
  new_user_gift: '新人礼包',
  invite_inviter: '邀请好友奖励',
  invite_invitee: '受邀注册奖励',
};
export const RED_PACKET_STATES = ['open', 'finished', 'expired'] as const;
export type RedPacketState = (typeof RED_PACKET_STATES)[number];
export const RED_PACKET_STATE_LABELS: Record<RedPacketState, string> = { open: '领取中', finished: '已领完', expired: '已过期' };
/** The kinds of notification, one per event (issue 17); the settings choose which of them also go by SMS or mail. */
export const NOTIFICATION_KINDS = [
  'doc_converted',
  'doc_convert_failed',
  'doc_approved',
  'doc_rejected',
  'blog_approved',
  'blog_rejected',
  'comment_on_my_doc',
  'comment_on_my_blog',
  'reply_to_my_comment',
  'payment_settled',
  'coins_earned',
  'coins_released',
  'withdraw_paid',
  'withdraw_returned',
  'complaint_progress',
  'certification_result',
  'activity_reward',
  'announcement',
  'comment_hidden',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
/** Who a staff announcement reaches: everyone, the users who uploaded a document, or the accounts listed. */
export const ANNOUNCEMENT_AUDIENCES = ['all', 'uploaders', 'users'] as const;
export type AnnouncementAudience = (typeof ANNOUNCEMENT_AUDIENCES)[number];
