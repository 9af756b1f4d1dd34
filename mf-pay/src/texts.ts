/**
 * What mf-pay says to people, in one place. The HTTP messages (errors, '未登录', the '涉嫌交易纠纷' replacement) are
 * the kernel's; the order state labels are the contract's ORDER_STATE_LABELS.
 */
export const TEXTS = {
  loading: '加载中…',
  loadFailed: '加载失败',
  retry: '重试',
  // The document being bought
  doc: {
    heading: '购买文档',
    price: '价格',
    buy: '购买此文档',
    free: '该文档免费，无需购买',
    purchased: '您已购买该文档',
    toDoc: '查看文档',
    notFound: '文档不存在或已下架',
  },
  // Packages
  packages: {
    heading: '下载套餐',
    besideDoc: '开通下载套餐更划算',
    recommended: '推荐',
    originalPrice: '原价',
    downloads: (n: number) => `${n} 次下载`,
    validDays: (n: number) => `有效期 ${n} 天`,
    perDownload: (price: string) => `折合每次 ${price}`,
    maxDocPrice: (price: string) => `可下载 ${price} 以内的文档`,
    anyDoc: '全部付费文档可用',
    choose: '选择此套餐',
    chosen: '已选择',
    empty: '暂无可购买的套餐',
    buy: (name: string) => `开通「${name}」`,
  },
  mine: {
    heading: '我的套餐',
    empty: '您还没有下载套餐',
    left: (left: number, total: number) => `剩余 ${left} / ${total} 次`,
    until: (date: string) => `${date} 到期`,
    expired: '已失效',
  },
  // Payment
  method: {
    legend: '支付方式',
    wxpay: '微信支付',
    alipay: '支付宝',
    alipayInWeixin: '微信内无法使用支付宝，请在浏览器中打开本页或选择微信支付',
  },
  amount: '应付金额',
  pay: (amount: string) => `立即支付 ${amount}`,
  creating: '正在下单…',
  redirecting: '正在跳转到支付页面…',
  qr: {
    alt: (method: string) => `${method}付款二维码`,
    scan: (method: string) => `请使用${method}扫码支付`,
    countdown: '二维码有效期',
    expired: '二维码已过期',
    reorder: '重新下单',
    waiting: '支付完成后页面将自动跳转',
    alipayPage: '跳转到支付宝付款',
    cancel: '取消',
  },
  jsapi: {
    waiting: '请在微信中完成支付',
    cancelled: '已取消支付',
    failed: '微信支付未能完成，请重试',
    unavailable: '当前环境无法调起微信支付',
    again: '重新支付',
  },
  checking: '正在确认支付结果…',
  paid: '支付成功',
  closed: '订单已关闭',
  // Guest purchase
  guest: {
    intro: '无需注册，支付后即可在本设备下载',
    download: '下载文档',
    redownload: (days: number, until: string) => `本设备 ${days} 天内可重新下载（至 ${until}）`,
    register: '注册账号，已购文档永久保存',
    registerTitle: '注册账号，已购文档永久保存',
    paidTitle: '购买成功',
    needDoc: '请从文档页面进入购买',
  },
  // Order history
  history: {
    empty: '暂无支付记录',
    toPay: '去支付',
    toDoc: '查看文档',
    created: '下单时间',
    paidAt: '支付时间',
    amount: '金额',
    method: '支付方式',
    typeDocs: '文档',
    typePackage: '套餐',
    orderNo: '订单号',
    browse: '去逛逛',
  },
  // Placeholders of the routes of another issue
  soon: '该页面正在建设中',
} as const;
