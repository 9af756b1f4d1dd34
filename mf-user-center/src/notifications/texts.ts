/** The texts of my messages (user/notifications/list and detail). */
export const NOTIFICATION_TEXTS = {
  tabs: { label: '消息筛选', all: '全部', unread: '未读' },
  readAll: '全部标为已读',
  readAllDone: (n: number) => (n > 0 ? `已将 ${n} 条消息标为已读` : '没有未读消息'),
  markRead: '标为已读',
  remove: '删除',
  removed: '消息已删除',
  unreadDot: '未读',
  empty: { all: '暂无消息', unread: '没有未读消息' },
  open: '查看详情',
  detail: { time: '时间', toLink: '查看相关内容', back: '返回消息列表', notFound: '消息不存在或已删除' },
} as const;
