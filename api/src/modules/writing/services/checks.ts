import { WRITING_LIMITS, type FieldErrors } from 'contracts';

/**
 * Words that only spam posts carry (gambling, fake invoices, click farms): a post with one goes back to its
 * author before any reviewer reads it. Kept short on purpose: the reviewer decides the rest.
 */
export const SPAM_WORDS = ['代开发票', '网络博彩', '六合彩', '刷单兼职', '裸聊'] as const;

const LINK = /\bhttps?:\/\/[^\s)<>"']+/gi;

/** The machine checks before review: a title, a body of some length, not a wall of links or spam words. Null when it passes. */
export function machineChecks(post: { title: string; summary: string; content: string }): FieldErrors | null {
  const errors: FieldErrors = {};
  if (!post.title.trim()) errors.title = ['请填写标题'];
  const text = post.content.trim();
  if ([...text].length < WRITING_LIMITS.minContent) errors.content = [`正文太短了，至少 ${WRITING_LIMITS.minContent} 个字`];
  else if ((text.match(LINK) ?? []).length > WRITING_LIMITS.maxLinks) errors.content = [`正文中的链接太多（最多 ${WRITING_LIMITS.maxLinks} 个），疑似广告`];
  else {
    const all = `${post.title}\n${post.summary}\n${text}`;
    const hit = SPAM_WORDS.find((w) => all.includes(w));
    if (hit) errors.content = ['内容含有疑似广告或违规的词语，请修改后再提交'];
  }
  return Object.keys(errors).length ? errors : null;
}
