import type { NotificationKind, NotificationLink } from 'contracts';

/**
 * What happened, with the data its Chinese text is built from: one kind per event. Modules build one of these
 * and call notify(); the text and the link are made here, in one place.
 */
export type NotificationEvent =
  | { kind: 'doc_converted'; docId: number; title: string }
  | { kind: 'doc_convert_failed'; docId: number; title: string; reason: string }
  | { kind: 'doc_approved'; docId: number; title: string }
  | { kind: 'doc_rejected'; docId: number; title: string; reason: string }
  | { kind: 'blog_approved'; blogId: number; title: string }
  | { kind: 'blog_rejected'; blogId: number; title: string; reason: string }
  | { kind: 'comment_on_my_doc'; docId: number; title: string; commenter: string; excerpt: string }
  | { kind: 'comment_on_my_blog'; blogId: number; title: string; commenter: string; excerpt: string }
  | { kind: 'reply_to_my_comment'; target: 'docs' | 'blogs'; targetId: number; title: string; replier: string; excerpt: string }
  | { kind: 'payment_settled'; orderNo: string; title: string; amountFen: number }
  | { kind: 'coins_earned'; coins: number; docId: number | null; title: string }
  | { kind: 'coins_released'; coins: number; title: string }
  | { kind: 'withdraw_paid'; withdrawId: number; coins: number; channel: 'alipay' | 'wxpay' }
  | { kind: 'withdraw_returned'; withdrawId: number; coins: number; reason: string }
  | { kind: 'complaint_progress'; complaintId: number; title: string; detail: string }
  | { kind: 'certification_result'; approved: boolean; reason: string }
  | { kind: 'activity_reward'; activityId: number; activity: string; reward: string }
  | { kind: 'comment_hidden'; target: 'docs' | 'blogs'; targetId: number; title: string; reason: string }
  | { kind: 'announcement'; announcementId: number; title: string; body: string; link?: NotificationLink | null };

export interface NotificationText {
  kind: NotificationKind;
  title: string;
  body: string;
  link: NotificationLink | null;
}

const EXCERPT_CHARS = 60;
/** Titles and excerpts are the users' own text: cut to a length a message shows (by characters, not UTF-16 units). */
function cut(text: string, max = EXCERPT_CHARS): string {
  const chars = Array.from(text.replace(/\s+/g, ' ').trim());
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : chars.join('');
}
const q = (title: string) => `《${cut(title, 40)}》`;
const yuan = (fen: number) => (fen / 100).toFixed(2);
const doc = (id: number): NotificationLink => ({ route: `articles/docs/detail/${id}` });

type Texts = { [K in NotificationEvent['kind']]: (e: Extract<NotificationEvent, { kind: K }>) => Omit<NotificationText, 'kind'> };

const TEXTS: Texts = {
  doc_converted: (e) => ({ title: '文档转换完成', body: `您上传的文档${q(e.title)}已转换完成，正在等待审核。`, link: { route: 'user/docs/list' } }),
  doc_convert_failed: (e) => ({ title: '文档转换失败', body: `您上传的文档${q(e.title)}转换失败：${cut(e.reason)}`, link: { route: 'user/docs/convertfail' } }),
  doc_approved: (e) => ({ title: '文档审核通过', body: `您上传的文档${q(e.title)}已通过审核，现已公开。`, link: doc(e.docId) }),
  doc_rejected: (e) => ({ title: '文档未通过审核', body: `您上传的文档${q(e.title)}未通过审核：${cut(e.reason)}`, link: { route: 'user/docs/denylist' } }),
  blog_approved: (e) => ({ title: '博文审核通过', body: `您的博文${q(e.title)}已通过审核，现已公开。`, link: { route: `articles/blogs/detail/${e.blogId}` } }),
  blog_rejected: (e) => ({ title: '博文未通过审核', body: `您的博文${q(e.title)}未通过审核：${cut(e.reason)}`, link: { route: 'user/blogs/denylist' } }),
  comment_on_my_doc: (e) => ({ title: '文档收到新评论', body: `${cut(e.commenter, 20)} 评论了您的文档${q(e.title)}：${cut(e.excerpt)}`, link: { route: `articles/docs/comment/${e.docId}` } }),
  comment_on_my_blog: (e) => ({ title: '博客收到新评论', body: `${cut(e.commenter, 20)} 评论了您的博客${q(e.title)}：${cut(e.excerpt)}`, link: { route: `articles/blogs/comment/${e.blogId}` } }),
  reply_to_my_comment: (e) => ({
    title: '评论收到回复',
    body: `${cut(e.replier, 20)} 回复了您在${q(e.title)}下的评论：${cut(e.excerpt)}`,
    link: { route: `articles/${e.target}/comment/${e.targetId}` },
  }),
  payment_settled: (e) => ({ title: '支付成功', body: `订单 ${e.orderNo}（${cut(e.title, 40)}）已支付 ${yuan(e.amountFen)} 元。`, link: { route: 'user/pay/order_history' } }),
  coins_earned: (e) => ({ title: '获得金币', body: `您的文档${q(e.title)}带来 ${e.coins} 金币收益，冻结期满后可用。`, link: { route: 'user/coin/list' } }),
  coins_released: (e) => ({ title: '金币已解冻', body: `文档${q(e.title)}的 ${e.coins} 金币收益已解冻，可以使用或提现。`, link: { route: 'user/coin/list' } }),
  withdraw_paid: (e) => ({ title: '提现已到账', body: `您提现的 ${e.coins} 金币已打款到${e.channel === 'alipay' ? '支付宝' : '微信'}。`, link: { route: 'user/pay/withdraw_history' } }),
  withdraw_returned: (e) => ({ title: '提现未成功', body: `您提现的 ${e.coins} 金币已退回账户：${cut(e.reason)}`, link: { route: 'user/pay/withdraw_history' } }),
  complaint_progress: (e) => ({ title: '投诉处理进展', body: e.detail ? `${e.title}。${cut(e.detail)}` : e.title, link: { route: 'user/myreport/detail', query: { id: String(e.complaintId) } } }),
  certification_result: (e) => ({ title: e.approved ? '专家认证已通过' : '专家认证未通过', body: e.approved ? '您的专家认证申请已通过，现为认证专家。' : `您的专家认证申请未通过：${cut(e.reason)}`, link: { route: 'user/authentication' } }),
  activity_reward: (e) => ({ title: '活动奖励', body: `您在活动${q(e.activity)}中获得奖励：${cut(e.reward)}`, link: { route: 'user/activity/list' } }),
  comment_hidden: (e) => ({
    title: '评论已被隐藏',
    body: `您在${q(e.title)}下的评论已被管理员隐藏：${cut(e.reason)}`,
    link: { route: `articles/${e.target}/detail/${e.targetId}` },
  }),
  announcement: (e) => ({ title: e.title, body: e.body, link: e.link ?? null }),
};

/** The kind, Chinese title and text, and link of an event. */
export function textOf(event: NotificationEvent): NotificationText {
  const build = TEXTS[event.kind] as (e: NotificationEvent) => Omit<NotificationText, 'kind'>;
  return { kind: event.kind, ...build(event) };
}
