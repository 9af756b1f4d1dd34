// Request mixes of the load benchmark (load.mjs): the query strings the pages send (mf-articles/src/api/*.ts, through
// axios, whose parameter order and '+' for a space they keep), drawn with a fixed seed so that every run asks the
// same sequence.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

export const EXT_CATES = ['pdf', 'word', 'excel', 'ppt', 'other', 'compress'];
/** The orders the category page offers (DocListPage.tsx), the default first. */
const DOC_ORDERINGS = ['-create_time', '-downloads', '-views', '-score'];
/** Searches for what the seed cannot have: modern subjects and Latin letters (misses cost two counts). */
const MISSES = ['区块链', '量子计算', '人工智能', '机器学习', '高等数学', '考研真题', '电路分析', '财务报表', '简历模板', '操作系统',
  'python', 'excel 模板', 'iphone', '课程设计', '毕业论文', '英语四级', '微积分', '数据结构', 'java 教程', '会计基础'];
/** How many visits (or detail pages) a mix cycles through (autocannon's connections take them in turn). */
export const MIX_SIZE = 50_000;

/** mulberry32, the seed's generator: the same seed gives the same sequence. */
export function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Picks by weight: `choices` is [[value, weight], …]. */
function weighted(next, choices) {
  const total = choices.reduce((s, [, w]) => s + w, 0);
  let r = next() * total;
  for (const [value, w] of choices) {
    r -= w;
    if (r < 0) return value;
  }
  return choices[choices.length - 1][0];
}

/** A Zipf (s = 1) draw over ranks 0..n-1: rank r with weight 1 / (r + 1), as search words are spread. */
function zipf(next, n) {
  const cumulative = new Float64Array(n);
  let sum = 0;
  for (let r = 0; r < n; r += 1) cumulative[r] = sum += 1 / (r + 1);
  return () => {
    const x = next() * sum;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid] < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

/** axios's query string: given keys in order, undefined left out, encodeURIComponent with '+' for a space. */
function query(params) {
  return Object.entries(params)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}=${encodeURIComponent(String(v)).replace(/%20/g, '+')}`)
    .join('&');
}

/** Numbering of poems in a series (其一, 二首): part of many titles, not what anyone searches for. */
const NUMBERING = /^其[一二三四五六七八九十]|^[一二三四五六七八九十百]+首$/;

/**
 * The corpus's words, most frequent first: jieba's cut (the search's own) of the titles and first lines of the
 * first 20,000 texts the seed makes documents of, words of 2 to 4 Chinese characters but numbering, the `count` most frequent.
 * Deterministic; kept in `cacheFile` (a few seconds to make).
 */
export function corpusWords(apiDir, cacheFile, count = 3000) {
  if (existsSync(cacheFile)) {
    const cached = JSON.parse(readFileSync(cacheFile, 'utf8'));
    if (cached.count === count) return cached.words;
  }
  const { poems } = require(path.join(apiDir, 'dist/modules/content/seed/poetry.js'));
  const { cutWords } = require(path.join(apiDir, 'dist/modules/content/search/segmenter.js'));
  const counts = new Map();
  let n = 0;
  for (const poem of poems()) {
    for (const word of cutWords(`${poem.title} ${poem.lines.slice(0, 2).join(' ')}`)) {
      if (/^[\u4e00-\u9fff]{2,4}$/.test(word) && !NUMBERING.test(word)) counts.set(word, (counts.get(word) ?? 0) + 1);
    }
    if ((n += 1) >= 20_000) break;
  }
  const words = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, count).map(([w]) => w);
  writeFileSync(cacheFile, JSON.stringify({ count, words }));
  return words;
}

/**
 * A reader's visit to a list: its first page, then up to `follow` more pages while the list has them (an
 * infinite-scrolling list asks for page n + 1 only when page n had a `next`). `base` is the query string up to
 * `page=`, which the benchmark completes with the page number and `page_size=20`.
 */
function visit(base, follow) {
  return { base, follow };
}

/**
 * The category pages' lists (visits): GET docs/ of a category (DocListPage: category, ext_cate when chosen,
 * ordering, then page, page_size), 80 %; the category's documents and blogs together (articles/), 12 %; its blogs
 * (blogs/), 8 %. Up to 5 pages, the first most (further pages: 55 %, 65 %, 70 %, 80 % go on).
 */
export function listVisits(seed, { docCategories, blogCategories }) {
  const next = random(seed);
  const pick = (list) => list[Math.floor(next() * list.length)];
  const follow = () => {
    let more = 0;
    for (const p of [0.55, 0.65, 0.7, 0.8]) {
      if (next() >= p) break;
      more += 1;
    }
    return more;
  };
  const visits = [];
  for (let i = 0; i < MIX_SIZE; i += 1) {
    const kind = weighted(next, [['docs', 80], ['articles', 12], ['blogs', 8]]);
    if (kind === 'docs') {
      const extCate = next() < 0.25 ? pick(EXT_CATES) : undefined;
      const ordering = weighted(next, [[DOC_ORDERINGS[0], 55], [DOC_ORDERINGS[1], 20], [DOC_ORDERINGS[2], 15], [DOC_ORDERINGS[3], 10]]);
      visits.push(visit(`/api/docs/?${query({ category: pick(docCategories), ext_cate: extCate, ordering })}&`, follow()));
    } else if (kind === 'articles') {
      visits.push(visit(`/api/articles/?${query({ category: pick(docCategories) })}&`, follow()));
    } else {
      visits.push(visit(`/api/blogs/?${query({ category: pick(blogCategories) })}&`, follow()));
    }
  }
  return visits;
}

/**
 * The search page's searches (visits; SearchResultPage: keyword, ext_cate and category when chosen, then page,
 * page_size): one corpus word drawn by Zipf, 72 %; two of them, 15 %; a miss, 13 %. A type chip in 8 % of
 * searches, a category in 5 %; up to 3 pages (35 % look at a second page, half of them at a third).
 */
export function searchVisits(seed, words, categories) {
  const next = random(seed);
  const word = zipf(next, words.length);
  const pick = (list) => list[Math.floor(next() * list.length)];
  const visits = [];
  for (let i = 0; i < MIX_SIZE; i += 1) {
    const kind = weighted(next, [['one', 72], ['two', 15], ['miss', 13]]);
    const keyword = kind === 'one' ? words[word()] : kind === 'two' ? `${words[word()]} ${words[word()]}` : pick(MISSES);
    const extCate = next() < 0.08 ? pick(EXT_CATES) : undefined;
    const category = next() < 0.05 ? pick(categories) : undefined;
    const follow = next() < 0.35 ? (next() < 0.5 ? 2 : 1) : 0;
    visits.push(visit(`/api/articles/?${query({ keyword, ext_cate: extCate, category })}&`, follow));
  }
  return visits;
}

/**
 * What a document's detail page reads in the browser, for documents of `ids` in a seeded order: the detail, the
 * recommendations beside it and the first comments (mf-articles' DocDetailPage and CommentSection).
 */
export function detailPageMix(seed, ids) {
  const next = random(seed);
  return Array.from({ length: MIX_SIZE }, () => ids[Math.floor(next() * ids.length)]).flatMap((id) => [
    `/api/docs/${id}/`,
    `/api/articles-recommend/?docs=${id}&page_size=6`,
    `/api/docs-comment/?docs=${id}&page=1&page_size=5`,
  ]);
}

/** Document detail pages of `ids`, in a seeded order. */
export function detailMix(seed, ids) {
  const next = random(seed);
  return Array.from({ length: MIX_SIZE }, () => `/api/docs/${ids[Math.floor(next() * ids.length)]}/`);
}
