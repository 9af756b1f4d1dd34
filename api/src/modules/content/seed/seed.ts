import type { Db, Queryable } from '../../../core/db';
import { extCateOf } from '../constants';
import { dayOf } from '../day';
import { textPages } from '../preview';
import { detectFileType, mimeOf } from '../../../infra/storage/file-types';
import type { FileStorage } from '../../../infra/storage/storage';
import { titleVectorLiteral, tsvectorLiteral } from '../search/vector';
import { pdfFont, poemsMarkdown, poemsPdf, poemsTxt, poemText, type PdfFont } from './files';
import { poems, type Poem } from './poetry';

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

export interface SeedResult {
  users: number;
  docs: number;
  pdfs: number;
  blogs: number;
  comments: number;
  ms: number;
}

/** A small deterministic generator (mulberry32): the same seed run makes the same site. */
function random(seed: number) {
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

const CATEGORY_TREE: [string, string, [string, string, Poem['collection'] | 'blog'][]][] = [
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

const NICK_HEAD = ['墨', '青', '云', '竹', '松', '月', '听', '南', '北', '清', '白', '书', '山', '江', '梅', '兰', '秋', '春', '知', '半'];
const NICK_TAIL = ['书生', '居士', '客', '散人', '斋主', '读者', '山人', '渔翁', '小筑', '听雨', '看云', '行者', '书童', '学子'];
const COMMENTS = [
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
const BLOG_OPENINGS = [
  '这首作品写于作者人生的一个转折点，字里行间能读出复杂的心绪。',
  '第一次读到这首作品是在中学课本里，如今重读，体会又深了一层。',
  '很多人只记得其中的名句，却忽略了全篇的结构。',
  '这是一首常被引用却少被细读的作品。',
];
const BLOG_POINTS = ['意象的选择', '对仗与声律', '情感的起伏', '写作背景', '后人的评价'];

interface DocPlan {
  created: Date;
  title: string;
  summary: string;
  items: Poem[];
  ext: 'pdf' | 'txt' | 'md';
  categoryKey: Poem['collection'];
}

type CategoryKey = Poem['collection'] | 'blog';

/** A stored file and the row it gets. */
interface SeedFile {
  key: string;
  name: string;
  ext: string;
  size: number;
  sha: string;
}

interface DocRowPlan {
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
}

interface BlogRowPlan {
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
interface SeedData {
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

/** Does the database have content already? Seeding only ever fills an empty one. */
export async function hasContent(db: Queryable): Promise<boolean> {
  const [{ n }] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM (SELECT 1 FROM documents LIMIT 1) d');
  return n > 0;
}

function resultOf(data: SeedData): SeedResult {
  return { users: data.users.length, docs: data.docs.length, pdfs: data.pdfs, blogs: data.blogs.length, comments: data.comments.length, ms: Date.now() - data.started };
}

/**
 * Seeds when the database has no documents; answers what it made, or null when there was content already. The
 * texts, files and search vectors are made first, without the database (most of the time: PDFs); the rows are
 * then written in one transaction, so a seed that fails leaves no rows (only unreferenced files) and PGlite,
 * whose one connection a transaction holds, is busy only for the writing.
 */
export async function seedIfEmpty(db: Db, storage: FileStorage, options: SeedOptions): Promise<SeedResult | null> {
  if (await hasContent(db)) return null;
  const data = await prepareSeed(storage, options);
  const wrote = await db.transaction(async (tx) => {
    if (await hasContent(tx)) return false;
    await writeSeed(tx, data, options.log);
    return true;
  });
  if (!wrote) return null;
  // outside the transaction: merges the search indexes' pending entries, statistics for the planner, and the
  // visibility map of the new rows
  await db.exec('VACUUM ANALYZE');
  const result = resultOf(data);
  options.log?.(
    `已生成演示数据：${result.docs} 篇文档（其中 PDF ${result.pdfs} 篇）、${result.blogs} 篇博客、${result.comments} 条评论、${result.users} 位用户，用时 ${(result.ms / 1000).toFixed(1)} 秒`,
  );
  return result;
}

/**
 * A realistic site from the chinese-poetry texts: users, documents (real PDF, TXT and Markdown files, written to
 * the storage here), blogs with appendices, comments and some search history.
 */
async function prepareSeed(storage: FileStorage, options: SeedOptions): Promise<SeedData> {
  const started = Date.now();
  const size = SEED_SIZES[options.size];
  const now = options.now ?? new Date();
  const rnd = random(20_240_601);
  const log = options.log ?? (() => {});
  const font: PdfFont | null = pdfFont();
  if (!font) log('未找到中文字体（内置字体包 @expo-google-fonts/noto-sans-sc 未安装，请运行 npm install，或用 SEED_PDF_FONT 指定字体文件），演示数据只生成 TXT 与 Markdown 文档');
  const timeAgo = () => new Date(now.getTime() - Math.floor(rnd.next() * 730 * 86_400_000) - 60_000);
  const categoryNames = new Map<string, string>(CATEGORY_TREE.flatMap(([, , children]) => children.map(([name, , key]) => [key, name] as const)));

  const users = Array.from({ length: size.users }, (_, i) => ({
    nickname: `${rnd.pick(NICK_HEAD)}${rnd.pick(NICK_HEAD)}${rnd.pick(NICK_TAIL)}${i < 20 ? '' : i}`,
    level: rnd.int(1, 3),
    created: timeAgo(),
  }));
  const anyUser = () => rnd.int(0, users.length - 1);

  // documents: mostly single texts; the PDFs are author anthologies of several pages
  const source = poems();
  const take = (): Poem | undefined => {
    const r = source.next();
    return r.done ? undefined : r.value;
  };
  const plans: DocPlan[] = [];
  const pdfEvery = size.pdfs > 0 && font ? Math.max(1, Math.floor(size.docs / size.pdfs)) : 0;
  const volume = new Map<string, number>();
  while (plans.length < size.docs) {
    const first = take();
    if (!first) break;
    if (pdfEvery && plans.length % pdfEvery === 0) {
      const items = [first];
      const wanted = rnd.int(8, 16);
      while (items.length < wanted) {
        const more = take();
        if (!more) break;
        items.push(more);
      }
      const n = (volume.get(first.author) ?? 0) + 1;
      volume.set(first.author, n);
      plans.push({
        created: timeAgo(),
        title: `${first.author}作品选（${n}）`,
        summary: `收录${items.length}篇作品：${items.slice(0, 4).map((p) => `《${p.title}》`).join('')}等。${first.lines[0] ?? ''}`,
        items,
        ext: 'pdf',
        categoryKey: first.collection,
      });
    } else {
      plans.push({
        created: timeAgo(),
        title: `${first.title} - ${first.author}`,
        summary: first.lines.slice(0, 2).join(''),
        items: [first],
        ext: rnd.chance(0.5) ? 'txt' : 'md',
        categoryKey: first.collection,
      });
    }
  }
  // ids follow time, as uploads do (lists and search read the newest first)
  plans.sort((a, b) => a.created.getTime() - b.created.getTime());

  const store = async (prefix: string, name: string, ext: string, bytes: Uint8Array): Promise<SeedFile> => {
    // the same rule as for uploads: the bytes must be what the extension claims
    if (!detectFileType(bytes, ext)) throw new Error(`seed file is not a ${ext}: ${name}`);
    const stored = await storage.put(prefix, bytes);
    return { key: stored.key, name: name.slice(0, 255), ext, size: stored.size, sha: stored.sha256 };
  };
  let pdfs = 0;
  const docs: DocRowPlan[] = [];
  for (const plan of plans) {
    const text = poemsTxt(plan.title, plan.items);
    let bytes: Uint8Array;
    let pages: number;
    if (plan.ext === 'pdf' && font) {
      const pdf = await poemsPdf(plan.title, plan.items, font);
      bytes = pdf.bytes;
      pages = pdf.pages;
      pdfs += 1;
    } else {
      const body = plan.ext === 'md' ? poemsMarkdown(plan.title, plan.items) : text;
      bytes = Buffer.from(body, 'utf8');
      pages = textPages(body).length;
    }
    const file = await store('docs', `${plan.title}.${plan.ext}`, plan.ext, bytes);
    const paid = plan.ext === 'pdf' ? rnd.chance(0.5) : rnd.chance(0.08);
    const roll = rnd.next();
    docs.push({
      title: plan.title.slice(0, 200),
      summary: plan.summary.slice(0, 1000),
      category: plan.categoryKey,
      uploader: anyUser(),
      file,
      pages,
      // a few documents in every other state, as uploads and reviews leave them
      status: roll < 0.94 ? 1 : roll < 0.96 ? 0 : roll < 0.97 ? 2 : roll < 0.98 ? 3 : roll < 0.99 ? 4 : 5,
      score: rnd.int(30, 50) * 1000,
      rating: rnd.int(3, 5),
      views: rnd.int(0, 5000),
      downloads: rnd.int(0, 800),
      price: paid ? rnd.pick([100, 200, 300, 500, 800, 1000]) : 0,
      vector: tsvectorLiteral({
        title: plan.title,
        secondary: `${plan.items[0].author} ${categoryNames.get(plan.categoryKey) ?? ''} ${plan.summary}`,
        body: text,
      }),
      titleVector: titleVectorLiteral(plan.title),
      created: plan.created,
    });
    if (docs.length % 10_000 === 0) log(`已生成 ${docs.length} / ${plans.length} 篇文档`);
  }

  // blogs: a reading of one text each, some with the text attached as an appendix
  const blogTimes = Array.from({ length: size.blogs }, () => timeAgo()).sort((a, b) => a.getTime() - b.getTime());
  const blogCategoryCount = CATEGORY_TREE.flatMap(([, , children]) => children).filter(([, , key]) => key === 'blog').length;
  const blogs: BlogRowPlan[] = [];
  for (let i = 0; i < size.blogs; i += 1) {
    const poem = take() ?? plans[i % plans.length].items[0];
    const points = BLOG_POINTS.filter(() => rnd.chance(0.6)).slice(0, 3);
    const title = (rnd.chance(0.5) ? `赏析：${poem.author}《${poem.title}》` : `读《${poem.title}》有感`).slice(0, 200);
    const opening = rnd.pick(BLOG_OPENINGS);
    const content = [
      `# ${title}`,
      '',
      opening,
      '',
      '## 原文',
      '',
      ...poem.lines.map((l) => `> ${l}`),
      '',
      ...points.flatMap((p, k) => [`## ${k + 1}. ${p}`, '', `关于${p}，${poem.author}在这里处理得很有分寸：「${poem.lines[k % poem.lines.length]}」一句尤其值得细读。`, '']),
      '## 小结',
      '',
      `读罢全篇，再回头看开头的「${poem.lines[0]}」，别有一番滋味。`,
    ].join('\n');
    const summary = `${opening}${poem.lines[0] ?? ''}`.slice(0, 200);
    const roll = rnd.next();
    let appendix: BlogRowPlan['appendix'] = null;
    if (rnd.chance(0.3)) {
      const ext = rnd.chance(0.5) ? 'txt' : 'md';
      const bytes = Buffer.from(ext === 'md' ? poemsMarkdown(poem.title, [poem]) : poemText(poem), 'utf8');
      appendix = { ...(await store('appendix', `${poem.title}（原文）.${ext}`, ext, bytes)), price: rnd.chance(0.2) ? 200 : 0 };
    }
    blogs.push({
      title,
      summary,
      content,
      category: rnd.int(0, blogCategoryCount - 1),
      author: anyUser(),
      status: roll < 0.92 ? 1 : roll < 0.96 ? 0 : roll < 0.98 ? 2 : 3,
      views: rnd.int(0, 3000),
      created: blogTimes[i],
      vector: tsvectorLiteral({ title, secondary: `${poem.author} ${summary}`, body: content }),
      titleVector: titleVectorLiteral(title),
      appendix,
    });
  }

  // comments on public documents and blogs
  const publicDocs = docs.flatMap((d, i) => (d.status === 1 || d.status === 5 ? [i] : [])).slice(0, 5000);
  const publicBlogs = blogs.flatMap((b, i) => (b.status === 1 ? [i] : [])).slice(0, 2000);
  const comments: SeedData['comments'] = [];
  for (let i = 0; i < size.comments; i += 1) {
    const onDoc = !publicBlogs.length || rnd.chance(0.7);
    const text = rnd.pick(COMMENTS);
    comments.push({
      doc: onDoc ? rnd.pick(publicDocs) : null,
      blog: onDoc ? null : rnd.pick(publicBlogs),
      user: anyUser(),
      content: text.endsWith('：') ? `${text}「${rnd.pick(plans).items[0].lines[0] ?? ''}」` : text,
      created: timeAgo(),
    });
  }

  // search history of the demo site's readers (what hot keywords and suggestions start from)
  const words = ['明月', '李白', '杜甫', '苏轼', '春风', '江南', '相思', '长安', '故乡', '秋风', '黄河', '离别', '诗经', '论语', '梅花'];
  const keywords = words.map((keyword, i) => ({ keyword, total: (words.length - i) * 3 + rnd.int(0, 5) }));
  return { now, users, docs, pdfs, blogs, comments, keywords, started };
}

/**
 * The search indexes of migration 0022 write through (fastupdate off), which makes a bulk insert of 100,000 rows
 * about three times slower; the seed lets them collect pending entries meanwhile, and the VACUUM after it merges them.
 */
const GIN_INDEXES = ['documents_search_idx', 'documents_title_search_idx', 'blogs_search_idx', 'blogs_title_search_idx'];

/** Sets the view counts of new items in their counter table (migration 0023), whose rows the inserts made. */
async function setViews(db: Queryable, table: 'document_views' | 'blog_views', key: 'document_id' | 'blog_id', ids: number[], views: number[]) {
  await db.query(`UPDATE ${table} c SET views = v.n FROM unnest($1::bigint[], $2::bigint[]) AS v(id, n) WHERE c.${key} = v.id`, [ids, views]);
}

/** The rows of a prepared seed. */
async function writeSeed(db: Queryable, data: SeedData, log: (message: string) => void = () => {}): Promise<void> {
  for (const index of GIN_INDEXES) await db.exec(`ALTER INDEX ${index} SET (fastupdate = on)`);
  const userIds = (
    await db.query<{ id: number }>(
      `INSERT INTO users (nickname, level, register_platform, create_time, update_time)
       SELECT n, l, 'seed', t, t FROM unnest($1::text[], $2::int[], $3::timestamptz[]) WITH ORDINALITY AS s(n, l, t, o)
        ORDER BY o RETURNING id`,
      [data.users.map((u) => u.nickname), data.users.map((u) => u.level), data.users.map((u) => u.created)],
    )
  ).map((r) => r.id);

  const categoryIds = new Map<string, number>();
  const blogCategories: number[] = [];
  let sequence = 0;
  for (const [rootName, rootDescription, children] of CATEGORY_TREE) {
    sequence += 1;
    const [root] = await db.query<{ id: number }>(
      'INSERT INTO content_categories (name, description, sequence, is_upload) VALUES ($1, $2, $3, false) RETURNING id',
      [rootName, rootDescription, sequence],
    );
    for (const [name, description, key] of children) {
      sequence += 1;
      const [child] = await db.query<{ id: number }>(
        'INSERT INTO content_categories (parent_id, name, description, sequence) VALUES ($1, $2, $3, $4) RETURNING id',
        [root.id, name, description, sequence],
      );
      if (key === 'blog') blogCategories.push(child.id);
      else categoryIds.set(key, child.id);
    }
  }

  const insertFiles = async (files: SeedFile[]): Promise<number[]> =>
    (
      await db.query<{ id: number }>(
        `INSERT INTO content_files (storage_key, original_name, ext, mime, size, sha256)
         SELECT k, n, e, m, s, h FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::bigint[], $6::text[])
           WITH ORDINALITY AS f(k, n, e, m, s, h, o)
          ORDER BY o RETURNING id`,
        [files.map((f) => f.key), files.map((f) => f.name), files.map((f) => f.ext), files.map((f) => mimeOf(f.ext)),
          files.map((f) => f.size), files.map((f) => f.sha)],
      )
    ).map((r) => r.id);

  const BATCH = 500;
  const docIds: number[] = [];
  for (let start = 0; start < data.docs.length; start += BATCH) {
    const rows = data.docs.slice(start, start + BATCH);
    const fileIds = await insertFiles(rows.map((r) => r.file));
    const ids = await db.query<{ id: number }>(
      `INSERT INTO documents (title, summary, category_id, uploader_id, file_id, file_type, ext_cate, size, pages, status,
                              score, rating, downloads, price, is_free, search_vector, title_vector, create_time, update_time)
       SELECT t, s, c, u, f, e, x, z, p, st, sc, r, d, pr, pr = 0, vec::tsvector, tv::tsvector, ct, ct
         FROM unnest($1::text[], $2::text[], $3::bigint[], $4::bigint[], $5::bigint[], $6::text[], $7::text[], $8::bigint[],
                     $9::int[], $10::smallint[], $11::int[], $12::smallint[], $13::bigint[], $14::int[],
                     $15::text[], $16::timestamptz[], $17::text[])
           WITH ORDINALITY AS x0(t, s, c, u, f, e, x, z, p, st, sc, r, d, pr, vec, ct, tv, o)
        ORDER BY o RETURNING id`,
      [
        rows.map((r) => r.title), rows.map((r) => r.summary), rows.map((r) => categoryIds.get(r.category) as number),
        rows.map((r) => userIds[r.uploader]), fileIds, rows.map((r) => r.file.ext), rows.map((r) => extCateOf(r.file.ext)),
        rows.map((r) => r.file.size), rows.map((r) => r.pages), rows.map((r) => r.status), rows.map((r) => r.score),
        rows.map((r) => r.rating), rows.map((r) => r.downloads), rows.map((r) => r.price),
        rows.map((r) => r.vector), rows.map((r) => r.created), rows.map((r) => r.titleVector),
      ],
    );
    // the insert's trigger gave each document its counter row (0 views)
    await setViews(db, 'document_views', 'document_id', ids.map((r) => r.id), rows.map((r) => r.views));
    docIds.push(...ids.map((r) => r.id));
    if (data.docs.length > 5000 && (start / BATCH) % 20 === 19) log(`已写入 ${start + rows.length} / ${data.docs.length} 篇文档`);
  }

  const blogIds: number[] = [];
  for (let start = 0; start < data.blogs.length; start += BATCH) {
    const rows = data.blogs.slice(start, start + BATCH);
    const ids = (
      await db.query<{ id: number }>(
        `INSERT INTO blogs (title, summary, content, category_id, author_id, status, search_vector, title_vector,
                            create_time, update_time)
         SELECT t, s, c, g, a, st, vec::tsvector, tv::tsvector, ct, ct
           FROM unnest($1::text[], $2::text[], $3::text[], $4::bigint[], $5::bigint[], $6::smallint[], $7::text[],
                       $8::timestamptz[], $9::text[]) WITH ORDINALITY AS x(t, s, c, g, a, st, vec, ct, tv, o)
          ORDER BY o RETURNING id`,
        [rows.map((r) => r.title), rows.map((r) => r.summary), rows.map((r) => r.content), rows.map((r) => blogCategories[r.category]),
          rows.map((r) => userIds[r.author]), rows.map((r) => r.status), rows.map((r) => r.vector),
          rows.map((r) => r.created), rows.map((r) => r.titleVector)],
      )
    ).map((r) => r.id);
    await setViews(db, 'blog_views', 'blog_id', ids, rows.map((r) => r.views));
    blogIds.push(...ids);
    const withFiles = rows.flatMap((r, i) => (r.appendix ? [{ row: r, appendix: r.appendix, blogId: ids[i] }] : []));
    if (withFiles.length) {
      const fileIds = await insertFiles(withFiles.map((w) => w.appendix));
      await db.query(
        `INSERT INTO blog_appendices (blogs_id, file_id, uploader_id, name, price, create_time)
         SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::bigint[], $4::text[], $5::int[], $6::timestamptz[])`,
        [withFiles.map((w) => w.blogId), fileIds, withFiles.map((w) => userIds[w.row.author]), withFiles.map((w) => w.appendix.name),
          withFiles.map((w) => w.appendix.price), withFiles.map((w) => w.row.created)],
      );
    }
  }

  for (let start = 0; start < data.comments.length; start += 2000) {
    const rows = data.comments.slice(start, start + 2000);
    await db.query(
      `INSERT INTO content_comments (docs_id, blogs_id, user_id, content, create_time)
       SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::bigint[], $4::text[], $5::timestamptz[])`,
      [rows.map((c) => (c.doc === null ? null : docIds[c.doc])), rows.map((c) => (c.blog === null ? null : blogIds[c.blog])),
        rows.map((c) => userIds[c.user]), rows.map((c) => c.content), rows.map((c) => c.created)],
    );
  }
  await db.query(
    `UPDATE documents d SET comment_count = c.n FROM (SELECT docs_id, count(*)::int AS n FROM content_comments
      WHERE docs_id IS NOT NULL GROUP BY docs_id) c WHERE d.id = c.docs_id`,
  );
  await db.query(
    `UPDATE blogs b SET comment_count = c.n FROM (SELECT blogs_id, count(*)::int AS n FROM content_comments
      WHERE blogs_id IS NOT NULL GROUP BY blogs_id) c WHERE b.id = c.blogs_id`,
  );

  for (const { keyword, total } of data.keywords) {
    await db.query('INSERT INTO search_keywords (keyword, total, last_time) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [keyword, total, data.now]);
    await db.query('INSERT INTO search_keyword_days (day, keyword, count) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [dayOf(data.now), keyword, total]);
  }
  for (const index of GIN_INDEXES) await db.exec(`ALTER INDEX ${index} SET (fastupdate = off)`);
}
