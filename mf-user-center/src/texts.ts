/**
 * What mf-user-center's coin pages say to people, in one place. The record kinds' labels are the contract's
 * COIN_RECORD_LABELS (the API sends kind_label too); the HTTP messages are the kernel's.
 */
export const TEXTS = {
  loading: '加载中…',
  retry: '重试',
  coinUnit: '金币',
  /** '1,234 金币' */
  coins: (amount: string) => `${amount} 金币`,
  /** '≈ ¥12.34' */
  aboutYuan: (yuan: string) => `≈ ${yuan}`,
  balance: {
    heading: '我的金币',
    available: '可用',
    frozen: '冻结中',
    withdrawing: '提现中',
    totalEarned: '累计收益',
    release: (coins: string, time: string) => `${coins} 金币将于 ${time} 解冻`,
    withdraw: '提现',
    history: '提现记录',
  },
  records: {
    heading: '金币明细',
    filter: '按类型筛选',
    all: '全部',
    empty: '暂无金币记录',
    balanceAfter: (coins: string) => `余额 ${coins}`,
    detail: '查看详情',
  },
  detail: {
    kind: '类型',
    title: '说明',
    availableChange: '可用变动',
    frozenChange: '冻结变动',
    withdrawingChange: '提现中变动',
    balanceAfter: '变动后余额',
    releaseTime: '解冻时间',
    createTime: '时间',
    id: '记录编号',
    toDoc: '查看文档',
    toWithdrawals: '查看提现记录',
    toLink: '查看来源',
    back: '返回金币记录',
    notFound: '金币记录不存在',
  },
} as const;
