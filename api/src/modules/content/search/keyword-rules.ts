/**
 * What a keyword must not hold to be counted as a hot keyword or offered as a suggestion (the search itself
 * still runs): markup, links and contact numbers (adverts), and a short list of spam and bad words. A keyword
 * is checked after normaliseKeyword (NFKC, lower case), so full-width and upper-case forms are caught too.
 */
const MARKUP = /[<>"'`{}\\]|&#?[a-z0-9]+;|javascript:/;
const LINK = /https?:|www\.|\.(com|cn|net|org|top|xyz|cc|vip|info|io|me|shop|site)\b|[a-z0-9-]+\.[a-z]{2,}\//;
/** A phone, QQ or WeChat number. */
const CONTACT = /\d{6,}|(?:微信|薇信|威信|vx|v信|加v|qq|扣扣)(?:号|群|:|：)?\s*[a-z0-9_-]{5,}/;
const BAD_WORDS = [
  '加微信', '加我微信', '加v', '加qq', 'qq群', '微信号', '代开发票', '刷单', '兼职日结', '博彩', '赌博', '彩票预测', '六合彩',
  '裸聊', '约炮', '色情', '黄片', '代孕', '办证', '枪支', '毒品', '套现', '网赚',
];

/** May this keyword be shown as a hot keyword or a suggestion? */
export function isShowableKeyword(keyword: string): boolean {
  if (!keyword || MARKUP.test(keyword) || LINK.test(keyword) || CONTACT.test(keyword)) return false;
  return !BAD_WORDS.some((word) => keyword.includes(word));
}
