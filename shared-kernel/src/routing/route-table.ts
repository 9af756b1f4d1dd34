/**
 * The route table of SPEC.md §2 as data: every route's path, Chinese title, need_log flag, owning remote and
 * whether only staff may open it (the staff console, mf-admin).
 * The shell activates remotes from it, remotes build their routers from it, and links are built from it,
 * so no app writes a route path as a string.
 */
export type RemoteName = 'mf-auth' | 'mf-articles' | 'mf-user-center' | 'mf-pay' | 'mf-activity' | 'mf-admin';

export interface RouteDef {
  /** Stable key used by route builders, e.g. 'articles.docs.detail'. */
  name: string;
  /** Path pattern, react-router style, `:id` for parameters. */
  path: string;
  title: string;
  needLog: boolean;
  remote: RemoteName;
  /** Staff only (the staff console): the shell never activates the remote for anyone else. */
  staff: boolean;
}

export const REMOTE_NAMES: readonly RemoteName[] = ['mf-auth', 'mf-articles', 'mf-user-center', 'mf-pay', 'mf-activity', 'mf-admin'];

/** Module Federation container names (identifiers) of the remotes. */
export const FEDERATION_NAME: Record<RemoteName, string> = {
  'mf-auth': 'mf_auth',
  'mf-articles': 'mf_articles',
  'mf-user-center': 'mf_user_center',
  'mf-pay': 'mf_pay',
  'mf-activity': 'mf_activity',
  'mf-admin': 'mf_admin',
};

/** Remotes whose every route is staff-only (the operations team's console): nobody else's browser fetches them. */
export const STAFF_REMOTES: ReadonlySet<RemoteName> = new Set(['mf-admin']);

type Row = [name: string, path: string, title: string, needLog: boolean];

const rows: Record<RemoteName, Row[]> = {
  // the staff console (issue 20): every route staff-only, login required
  'mf-admin': [
    ['admin.home', '/app/admin', '管理后台', true],
    ['admin.docs', '/app/admin/docs', '文档审核', true],
    ['admin.blogs', '/app/admin/blogs', '博客审核', true],
    ['admin.comments', '/app/admin/comments', '评论审核', true],
    ['admin.complaints', '/app/admin/complaints', '侵权投诉', true],
    ['admin.reports', '/app/admin/reports', '内容举报', true],
    ['admin.experts', '/app/admin/experts', '专家认证', true],
    ['admin.users', '/app/admin/users', '用户与处罚', true],
    ['admin.audit', '/app/admin/audit', '操作日志', true],
    ['admin.withdrawals', '/app/admin/withdrawals', '提现审核', true],
    ['admin.prices', '/app/admin/settings/prices', '套餐与价格', true],
    ['admin.settings.coins', '/app/admin/settings/coins', '金币设置', true],
    ['admin.settings.pay', '/app/admin/settings/pay', '支付设置', true],
    ['admin.settings.uploads', '/app/admin/settings/uploads', '上传设置', true],
    ['admin.activities', '/app/admin/activities', '活动与红包', true],
  ],
  'mf-activity': [
    ['activity.detail', '/app/activity/detail/:id', '活动主题详情', false],
    ['activity.rules', '/app/activity/activity_rules', '活动规则', false],
    ['activity.redPackets', '/app/activity/home_page1', '我的红包', false],
    ['user.activity.list', '/app/user/activity/list', '活动领取记录', true],
    ['user.activity.detail', '/app/user/activity/detail/:id', '领取详情', true],
  ],
  'mf-auth': [
    ['user.login.mobile', '/app/user/login/mobile', '手机号登录', false],
    ['user.login.code', '/app/user/login/code', '验证码登录', false],
    ['user.reg.mobile', '/app/user/reg/mobile', '手机号注册', false],
    ['user.findpwd.mobile', '/app/user/findpwd/mobile', '手机号找回密码', false],
    ['user.welcome.accountBind', '/app/user/welcome/account-bind', '绑定手机号', true],
    ['user.setting.account.bindMobile', '/app/user/setting/account/bind-mobile', '绑定手机', false],
  ],
  'mf-user-center': [
    ['user.notifications.list', '/app/user/notifications/list', '消息列表', true],
    ['user.notifications.detail', '/app/user/notifications/detail/:id', '消息详情', true],
    ['user.settingItems', '/app/user/setting-items', '用户设置', true],
    ['user.setting.account.item', '/app/user/setting/account/account-item', '账号设置', true],
    ['user.setting.account.mobile', '/app/user/setting/account/mobile', '更换手机号', true],
    ['user.setting.account.bindEmail', '/app/user/setting/account/bind-email', '绑定邮箱', true],
    ['user.setting.account.setEmail', '/app/user/setting/account/set-email', '绑定邮箱', true],
    ['user.setting.account.changeEmail', '/app/user/setting/account/change-email', '更换绑定邮箱', true],
    ['user.setting.account.unbindEmail', '/app/user/setting/account/unbind-email', '解绑邮箱', true],
    ['user.setting.account.changePwd', '/app/user/setting/account/change-pwd', '修改密码', true],
    ['user.setting.account.pwd', '/app/user/setting/account/pwd', '修改密码', true],
    ['user.setting.account.pwdProtection', '/app/user/setting/account/pwd_protection', '设置密保问题', true],
    ['user.setting.account.devices', '/app/user/setting/account/devices', '登录设备管理', true],
    ['user.aboutItems', '/app/user/about-items', '关于我们', false],
    ['user.docs.list', '/app/user/docs/list', '我的上传', true],
    ['user.docs.upload', '/app/user/docs/upload', '上传文档', false],
    ['user.docs.download', '/app/user/docs/download', '我的本地文档', true],
    ['user.docs.edit', '/app/user/docs/edit/:id', '编辑文档', true],
    ['user.docs.denylist', '/app/user/docs/denylist', '未通过审核的文档', true],
    ['user.docs.convertfail', '/app/user/docs/convertfail', '转换失败的文档', true],
    ['user.docs.search', '/app/user/docs/search', '搜索我的文档', true],
    ['user.blogs.list', '/app/user/blogs/list', '我的写作', true],
    ['user.blogs.write', '/app/user/blogs/write', '写文章', true],
    ['user.blogs.denylist', '/app/user/blogs/denylist', '审核未通过', true],
    ['user.blogs.edit', '/app/user/blogs/edit/:id', '编辑博文', true],
    ['user.collect.list', '/app/user/collect/list', '我的收藏夹', true],
    // a public folder's shareable page (not in SPEC.md §2; docs/library.md)
    ['user.collect.folder', '/app/user/collect/folder/:id', '公开收藏夹', false],
    ['user.coin.list', '/app/user/coin/list', '金币记录', true],
    ['user.coin.detail', '/app/user/coin/detail/:id', '金币记录详情', true],
    ['user.transfer.list', '/app/user/transfer/list', '文档转让', true],
    ['user.history.list', '/app/user/history/list', '浏览历史', true],
    ['user.inviteCode', '/app/user/invite_code', '我的邀请码', true],
    ['user.info', '/app/user/info/:id', '用户信息', true],
    ['user.authentication', '/app/user/authentication', '专家认证', true],
    ['user.myreport.list', '/app/user/myreport/list', '投诉与维权', false],
    ['user.myreport.detail', '/app/user/myreport/detail', '投诉处理', true],
    ['site.userAgreement', '/app/site/user_agreement', '用户协议', false],
    ['site.privacyPolicy', '/app/site/privacy_policy', '隐私政策', false],
    ['site.sdkList', '/app/site/sdk_list', '第三方SDK列表', false],
    ['site.feedback', '/app/site/feedback', '意见反馈', false],
    ['site.newFunctionIntro', '/app/site/new_function_intro', '新版功能介绍', false],
    ['site.qrcode', '/app/site/qrcode', '扫码', false],
    ['site.report', '/app/site/report', '侵权投诉', true],
    ['site.appDown', '/app/site/app_down', '手机客户端下载', false],
    ['blank.blank', '/app/blank/blank', '空白页', false],
    ['test', '/test', '诊断信息', false],
    ['smalltool', '/smalltool', '小工具', false],
  ],
  'mf-pay': [
    ['user.pay.order', '/app/user/pay/order', '支付订单', true],
    ['user.pay.orderHistory', '/app/user/pay/order_history', '支付记录', true],
    ['user.pay.withdraw', '/app/user/pay/withdraw', '提现', true],
    ['user.pay.withdrawHistory', '/app/user/pay/withdraw_history', '提现记录', true],
    ['guest.pay.order', '/app/guest/pay/order', '游客支付', false],
  ],
  'mf-articles': [
    ['home', '/', '文档搜索', false],
    ['articles.cate.list', '/app/articles/cate/list', '分类列表', false],
    ['articles.cate.detail', '/app/articles/cate/detail/:id', '分类文章', false],
    ['articles.docs.list', '/app/articles/docs/list/:id', '文档列表', false],
    ['articles.docs.detail', '/app/articles/docs/detail/:id', '文档详情', false],
    ['articles.docs.comment', '/app/articles/docs/comment/:id', '评论详情', false],
    ['articles.blogs.list', '/app/articles/blogs/list/:id', '博客列表', false],
    ['articles.blogs.detail', '/app/articles/blogs/detail/:id', '博客详情', false],
    ['articles.blogs.comment', '/app/articles/blogs/comment/:id', '评论详情', false],
    ['articles.search.index', '/app/articles/search/index', '文档搜索', false],
    ['articles.search.result', '/app/articles/search/result', '搜索结果', false],
  ],
};

export const ROUTES: readonly RouteDef[] = (Object.keys(rows) as RemoteName[]).flatMap((remote) =>
  rows[remote].map(([name, path, title, needLog]) => ({ name, path, title, needLog, remote, staff: STAFF_REMOTES.has(remote) })),
);

/** SPEC.md §2 named routes. */
export const NAMED_ROUTES = {
  user_info: 'user.info',
  user_login_mobile: 'user.login.mobile',
} as const;
