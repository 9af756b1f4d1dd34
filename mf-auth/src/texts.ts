/**
 * What mf-auth says to users, in one place (SPEC.md §2, §4, §8). The validation messages of §5 are the kernel's
 * VALIDATION_MESSAGES and the HTTP messages its HTTP_MESSAGES: they are not repeated here.
 */
export const TEXTS = {
  // Result toasts (SPEC §8)
  codeSent: '验证码已发送',
  registerSuccess: '注册成功',
  loginSuccess: '登录成功',
  passwordReset: '密码修改成功，请重新登录',
  loggedOut: '已退出登录',
  bindSuccess: '手机号绑定成功',
  activateSuccess: '设置成功',
  /** '验证码发送失败' outside the mini-program: an 8 s toast offering the mini-program login. */
  codeSendFailed: '验证码发送失败，是否改用微信小程序登录？',
  codeSendFailedAction: '确定',
  // Form titles (the route titles of the kernel for the inline pages)
  formTitles: {
    login_code: '验证码登录',
    login_mobile: '手机号登录',
    reg: '手机号注册',
    findpwd_mobile: '手机号找回密码',
    login_qrcode: '扫码登录',
  },
  tabs: {
    login_code: '验证码登录',
    login_mobile: '密码登录',
    reg: '注册',
    findpwd_mobile: '找回密码',
    login_qrcode: '扫码登录',
  },
  submit: {
    login_code: '登录 / 注册',
    login_mobile: '登录',
    reg: '注册',
    findpwd_mobile: '重置密码',
  },
  defaultDialogTitle: '登录知库文档',
  phonePlaceholder: '请输入手机号',
  codePlaceholder: '请输入6位验证码',
  passwordPlaceholder: '请输入密码',
  invite: {
    label: '邀请码',
    placeholder: '邀请码（选填，5 位数字）',
    checking: '正在核对邀请码…',
    valid: (inviter: string) => `邀请人：${inviter}`,
  },
  newPasswordPlaceholder: '设置密码（至少8位，含数字和字母）',
  sendCode: '获取验证码',
  sending: '发送中…',
  resendIn: (s: number) => `${s}秒后重新获取`,
  /** The phone's cap is reached (strangers may have filled it): its owner continues with a code received earlier. */
  proofLabel: '输入之前收到的验证码以继续',
  proofHint: '本手机号一小时内收到过的任一验证码（过期也可）',
  proofSend: '继续获取',
  showPassword: '显示密码',
  hidePassword: '隐藏密码',
  agreePrefix: '我已阅读并同意',
  userAgreement: '《用户协议》',
  privacyPolicy: '《隐私政策》',
  and: '和',
  /** The agreement and the policy in a dialog over the form (the consent line's links). */
  terms: {
    loading: '加载中…',
    retry: '重试',
    close: '我知道了',
    version: (v: string, date: string) => `版本 ${v} · ${date} 起生效`,
  },
  forgotPassword: '忘记密码？',
  codeLoginHint: '未注册的手机号验证后将自动创建账号',
  otherWays: '其他登录方式',
  weixin: '微信登录',
  alipay: '支付宝登录',
  loginImageCaptcha: '图形验证码',
  loginImageCaptchaPlaceholder: '请输入图形验证码',
  loginImageCaptchaRefresh: '看不清？点击图片换一张',
  loginImageCaptchaRequired: '请输入图形验证码',
  country: {
    button: (code: string) => `+${code}`,
    title: '选择国家或地区',
    search: '搜索国家、地区或区号',
    common: '常用',
    empty: '没有找到匹配的国家或地区',
    label: '国家或地区区号',
  },
  // Logged-in state on the auth routes
  alreadyLoggedIn: (name: string) => `您已登录：${name}`,
  goUserInfo: '进入个人中心',
  logout: '退出登录',
  logoutConfirmTitle: '退出登录',
  logoutConfirm: '确定要退出当前账号吗？',
  // Confirm dialog defaults
  ok: '确定',
  cancel: '取消',
  close: '关闭',
  notRegisteredTitle: '手机号未注册',
  notRegisteredConfirm: '该手机号尚未注册，是否立即注册？',
  goRegister: '去注册',
  // Activation (SPEC §4)
  activation: {
    bindTitle: '绑定手机号',
    bindIntro: '为了您的账号安全，请绑定手机号完成账号激活。',
    bindSubmit: '绑定',
    passwordTitle: '完善账号信息',
    passwordIntro: '请设置昵称和登录密码，以后也可以用手机号和密码登录。',
    nickname: '昵称',
    nicknamePlaceholder: '请输入昵称',
    passwordSubmit: '完成',
    bannedTitle: '账号已被禁用',
    banned: '您的账号因发布广告或不当评论已被禁用，如有疑问请通过意见反馈联系我们。',
    bannedOk: '我知道了',
    later: '稍后再说',
  },
  bindPage: {
    needLogin: '请先登录后再绑定手机号。',
    login: '去登录',
    alreadyBound: (mobile: string) => (mobile ? `您的账号已绑定手机号 ${mobile}` : '您的账号已绑定手机号'),
    changeMobile: '更换手机号',
    bindIntro: '绑定手机号后，可使用手机号登录并找回密码。',
  },
  // Disclaimer (SPEC §1), persistent
  disclaimer: {
    title: '免责声明',
    paragraphs: (email: string) => [
      '请勿上传未经授权或侵犯他人合法权益的文档。',
      '您上传的内容由您本人负责；涉嫌侵权的内容可能会被下架，核实后也可能恢复。',
      `权利人可通过“侵权投诉”页面或发送邮件至 ${email} 进行投诉。`,
    ],
    complaint: '侵权投诉',
    acknowledge: '我已阅读并同意',
  },
  // App download (SPEC §2)
  appDownload: {
    title: '下载知库文档App',
    scan: '使用手机扫描二维码下载App',
    link: '打开下载页面',
    qrAlt: 'App下载二维码',
    loading: '二维码生成中…',
  },
  // QR login (SPEC §4)
  qr: {
    title: '扫码登录',
    hint: '请使用知库文档App扫描二维码登录',
    expired: '二维码已过期，点击刷新',
    scanned: '扫码成功，请在App上确认登录',
    failed: '二维码加载失败，点击重试',
    loading: '二维码加载中…',
    imgAlt: '登录二维码',
    noApp: '还没有App？',
    download: '下载App',
    wxgzhTitle: '微信扫码登录',
    wxgzhHint: '请使用微信扫描二维码，关注公众号后即可登录',
  },
} as const;

/** Rights-holders write to this address (SPEC §1 "{email}") until GET /api/trust-contact/ answers the configured one. */
export const COMPLAINT_EMAIL = 'support@example.com';

/** Days the user info stays in local storage after a login (the API's session lasts 30 days). */
export const USER_INFO_DAYS = 30;
