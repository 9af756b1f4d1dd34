import type { Poem } from './poetry';

/** How much to make. quick: `npm start` on an empty database; standard: `npm run seed`; big: the benchmark. */
export const SEED_SIZES = {
  quick: { users: 30, docs: 240, pdfs: 6, blogs: 40, comments: 300 },
  standard: { users: 200, docs: 3000, pdfs: 150, blogs: 400, comments: 4000 },
  big: { users: 500, docs: 100_000, pdfs: 50, blogs: 5000, comments: 20_000 },
} as const;
export type SeedSize = keyof typeof SEED_SIZES;

export interface SeedOptions {
  size: SeedSize;
  log?: (message: string) => void;
  /** The moment the seeded site is "now" (create times spread over the two years before). */
  now?: Date;
}

/** A small deterministic generator (mulberry32): the same seed run makes the same site. */
export function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)],
    chance: (p: number) => next() < p,
  };
}

export type Random = ReturnType<typeof random>;

export const CATEGORY_TREE: [string, string, [string, string, Poem['collection'] | 'blog'][]][] = [
  ['诗词', '历代诗词全文，可在线阅读与下载', [
    ['唐诗', '唐代诗歌', 'tang'],
    ['宋诗', '宋代诗歌', 'songshi'],
    ['宋词', '宋代词作', 'songci'],
    ['元曲', '元代散曲与杂剧曲文', 'yuanqu'],
    ['诗经', '先秦诗歌总集', 'shijing'],
  ]],
  ['国学经典', '儒家经典与蒙学读物', [['论语', '孔子及其弟子的言行录', 'lunyu']]],
  ['赏析随笔', '读者写的诗词赏析与读书笔记', [
    ['诗词赏析', '逐句讲解与背景介绍', 'blog'],
    ['读书笔记', '读诗读书的心得', 'blog'],
  ]],
];

export const NICK_HEAD = ['墨', '青', '云', '竹', '松', '月', '听', '南', '北', '清', '白', '书', '山', '江', '梅', '兰', '秋', '春', '知', '半'];
export const NICK_TAIL = ['书生', '居士', '客', '散人', '斋主', '读者', '山人', '渔翁', '小筑', '听雨', '看云', '行者', '书童', '学子'];
export const COMMENTS = [
  '写得真好，反复读了几遍。',
  '这首诗小时候背过，现在再读感受完全不同。',
  '排版清晰，打印出来给孩子背诵正合适。',
  '注释如果再详细一点就更好了。',
  '意境太美了，收藏了。',
  '谢谢分享，找了很久的版本。',
  '文档很清楚，下载下来用于备课。',
  '最喜欢其中的这一句：',
  '有没有同一作者的其他作品合集？',
  '读来如在眼前，好诗。',
];
export const BLOG_OPENINGS = [
  '这首作品写于作者人生的一个转折点，字里行间能读出复杂的心绪。',
  '第一次读到这首作品是在中学课本里，如今重读，体会又深了一层。',
  '很多人只记得其中的名句，却忽略了全篇的结构。',
  '这是一首常被引用却少被细读的作品。',
];
export const BLOG_POINTS = ['意象的选择', '对仗与声律', '情感的起伏', '写作背景', '后人的评价'];

export interface DocPlan {
  created: Date;
  title: string;
  summary: string;
  items: Poem[];
  ext: 'pdf' | 'txt' | 'md';
  categoryKey: Poem['collection'];
}

export type CategoryKey = Poem['collection'] | 'blog';

/** A stored file and the row it gets. */
export interface SeedFile {
  key: string;
  name: string;
  ext: string;
  size: number;
  sha: string;
}

export interface DocRowPlan {
  title: string;
  summary: string;
  category: CategoryKey;
  /** Index into the seed's users. */
  uploader: number;
  file: SeedFile;
  pages: number;
  status: number;
  score: number;
  rating: number;
  views: number;
  downloads: number;
  price: number;
  vector: string;
  titleVector: string;
  created: Date;
  /** A PDF's first page's text ('' for others). */
  firstPageText: string;
}

export interface BlogRowPlan {
  title: string;
  summary: string;
  content: string;
  /** Index into the blog categories. */
  category: number;
  author: number;
  status: number;
  views: number;
  created: Date;
  vector: string;
  titleVector: string;
  appendix: (SeedFile & { price: number }) | null;
}

/** Everything a seed writes, made before the database is touched (files are already on the storage). */
export interface SeedData {
  now: Date;
  users: { nickname: string; level: number; created: Date }[];
  docs: DocRowPlan[];
  pdfs: number;
  blogs: BlogRowPlan[];
  /** Comments on a document or blog, by index into `docs` / `blogs` (public ones only). */
  comments: { doc: number | null; blog: number | null; user: number; content: string; created: Date }[];
  keywords: { keyword: string; total: number }[];
  started: number;
}

