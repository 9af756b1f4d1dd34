import { isPublicBlog, isPublicDoc } from '../constants';
import { textPages } from '../preview';
import { detectFileType } from '../../../infra/storage/file-types';
import type { FileStorage } from '../../../infra/storage/storage';
import { titleVectorLiteral, tsvectorLiteral } from '../search/vector';
import {
  BLOG_OPENINGS,
  BLOG_POINTS,
  CATEGORY_TREE,
  COMMENTS,
  NICK_HEAD,
  NICK_TAIL,
  random,
  SEED_SIZES,
  type BlogRowPlan,
  type DocPlan,
  type DocRowPlan,
  type Random,
  type SeedData,
  type SeedFile,
  type SeedOptions,
} from './data';
import { pdfFont, poemsMarkdown, poemsPdf, poemsTxt, poemText, type PdfFont } from './files';
import { poems, type Poem } from './poetry';

type Size = (typeof SEED_SIZES)[keyof typeof SEED_SIZES];

/** What the steps of a seed share: one generator (so the same run makes the same site), one stream of poems. */
interface Maker {
  rnd: Random;
  log: (message: string) => void;
  font: PdfFont | null;
  /** A moment of the two years before the seed's now. */
  timeAgo: () => Date;
  /** The next poem, undefined when they run out. */
  take: () => Poem | undefined;
  /** A random index into the seed's users. */
  anyUser: () => number;
  /** Writes a file to the storage (checked as uploads are). */
  store: (prefix: string, name: string, ext: string, bytes: Uint8Array) => Promise<SeedFile>;
}

/**
 * A realistic site from the chinese-poetry texts: users, documents (real PDF, TXT and Markdown files, written to
 * the storage here), blogs with appendices, comments and some search history.
 */
export async function prepareSeed(storage: FileStorage, options: SeedOptions): Promise<SeedData> {
  const started = Date.now();
  const size = SEED_SIZES[options.size];
  const now = options.now ?? new Date();
  const rnd = random(20_240_601);
  const log = options.log ?? (() => {});
  const font: PdfFont | null = pdfFont();
  if (!font) log('未找到中文字体（内置字体包 @expo-google-fonts/noto-sans-sc 未安装，请运行 npm install，或用 SEED_PDF_FONT 指定字体文件），演示数据只生成 TXT 与 Markdown 文档');
  const timeAgo = () => new Date(now.getTime() - Math.floor(rnd.next() * 730 * 86_400_000) - 60_000);
  const users = Array.from({ length: size.users }, (_, i) => ({
    nickname: `${rnd.pick(NICK_HEAD)}${rnd.pick(NICK_HEAD)}${rnd.pick(NICK_TAIL)}${i < 20 ? '' : i}`,
    level: rnd.int(1, 3),
    created: timeAgo(),
  }));
  const source = poems();
  const m: Maker = {
    rnd,
    log,
    font,
    timeAgo,
    take: () => {
      const r = source.next();
      return r.done ? undefined : r.value;
    },
    anyUser: () => rnd.int(0, users.length - 1),
    store: async (prefix, name, ext, bytes) => {
      // the same rule as for uploads: the bytes must be what the extension claims
      if (!detectFileType(bytes, ext)) throw new Error(`seed file is not a ${ext}: ${name}`);
      const stored = await storage.put(prefix, bytes);
      return { key: stored.key, name: name.slice(0, 255), ext, size: stored.size, sha: stored.sha256 };
    },
  };
  const plans = planDocs(m, size);
  const { docs, pdfs } = await makeDocs(m, plans);
  const blogs = await makeBlogs(m, size.blogs, plans);
  const comments = makeComments(m, size.comments, docs, blogs, plans);
  return { now, users, docs, pdfs, blogs, comments, keywords: makeKeywords(rnd, plans, docs, blogs), started };
}

/** The documents to make: mostly single texts; the PDFs are author anthologies of several pages. */
function planDocs(m: Maker, size: Size): DocPlan[] {
  const { rnd, take, timeAgo } = m;
  const plans: DocPlan[] = [];
  const pdfEvery = size.pdfs > 0 && m.font ? Math.max(1, Math.floor(size.docs / size.pdfs)) : 0;
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
  return plans;
}

/** A document's file on the storage: a PDF made with the font, else the text or Markdown. */
async function docFile(m: Maker, plan: DocPlan): Promise<{ file: SeedFile; pages: number; text: string; pdf: boolean; firstPageText: string }> {
  const text = poemsTxt(plan.title, plan.items);
  if (plan.ext === 'pdf' && m.font) {
    const pdf = await poemsPdf(plan.title, plan.items, m.font);
    const file = await m.store('docs', `${plan.title}.${plan.ext}`, plan.ext, pdf.bytes);
    return { file, pages: pdf.pages, text, pdf: true, firstPageText: pdf.firstPageText };
  }
  const body = plan.ext === 'md' ? poemsMarkdown(plan.title, plan.items) : text;
  const file = await m.store('docs', `${plan.title}.${plan.ext}`, plan.ext, Buffer.from(body, 'utf8'));
  return { file, pages: textPages(body).length, text, pdf: false, firstPageText: '' };
}

async function makeDocs(m: Maker, plans: DocPlan[]): Promise<{ docs: DocRowPlan[]; pdfs: number }> {
  const { rnd } = m;
  const categoryNames = new Map<string, string>(CATEGORY_TREE.flatMap(([, , children]) => children.map(([name, , key]) => [key, name] as const)));
  let pdfs = 0;
  const docs: DocRowPlan[] = [];
  for (const plan of plans) {
    const { file, pages, text, pdf, firstPageText } = await docFile(m, plan);
    if (pdf) pdfs += 1;
    const paid = plan.ext === 'pdf' ? rnd.chance(0.5) : rnd.chance(0.08);
    const roll = rnd.next();
    docs.push({
      title: plan.title.slice(0, 200),
      summary: plan.summary.slice(0, 1000),
      category: plan.categoryKey,
      uploader: m.anyUser(),
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
      firstPageText,
    });
    if (docs.length % 10_000 === 0) m.log(`已生成 ${docs.length} / ${plans.length} 篇文档`);
  }
  return { docs, pdfs };
}

/** A blog's Markdown: a reading of one poem. */
function blogText(rnd: Random, poem: Poem): { title: string; opening: string; content: string } {
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
  return { title, opening, content };
}

/** Blogs: a reading of one text each, some with the text attached as an appendix. */
async function makeBlogs(m: Maker, count: number, plans: DocPlan[]): Promise<BlogRowPlan[]> {
  const { rnd } = m;
  const blogTimes = Array.from({ length: count }, () => m.timeAgo()).sort((a, b) => a.getTime() - b.getTime());
  const blogCategoryCount = CATEGORY_TREE.flatMap(([, , children]) => children).filter(([, , key]) => key === 'blog').length;
  const blogs: BlogRowPlan[] = [];
  for (let i = 0; i < count; i += 1) {
    const poem = m.take() ?? plans[i % plans.length].items[0];
    const { title, opening, content } = blogText(rnd, poem);
    const summary = `${opening}${poem.lines[0] ?? ''}`.slice(0, 200);
    const roll = rnd.next();
    let appendix: BlogRowPlan['appendix'] = null;
    if (rnd.chance(0.3)) {
      const ext = rnd.chance(0.5) ? 'txt' : 'md';
      const bytes = Buffer.from(ext === 'md' ? poemsMarkdown(poem.title, [poem]) : poemText(poem), 'utf8');
      appendix = { ...(await m.store('appendix', `${poem.title}（原文）.${ext}`, ext, bytes)), price: rnd.chance(0.2) ? 200 : 0 };
    }
    blogs.push({
      title,
      summary,
      content,
      category: rnd.int(0, blogCategoryCount - 1),
      author: m.anyUser(),
      status: roll < 0.92 ? 1 : roll < 0.96 ? 0 : roll < 0.98 ? 2 : 3,
      views: rnd.int(0, 3000),
      created: blogTimes[i],
      vector: tsvectorLiteral({ title, secondary: `${poem.author} ${summary}`, body: content }),
      titleVector: titleVectorLiteral(title),
      appendix,
    });
  }
  return blogs;
}

/** Comments on public documents and blogs. */
function makeComments(m: Maker, count: number, docs: DocRowPlan[], blogs: BlogRowPlan[], plans: DocPlan[]): SeedData['comments'] {
  const { rnd } = m;
  const publicDocs = docs.flatMap((d, i) => (isPublicDoc(d.status) ? [i] : [])).slice(0, 5000);
  const publicBlogs = blogs.flatMap((b, i) => (isPublicBlog(b.status) ? [i] : [])).slice(0, 2000);
  const comments: SeedData['comments'] = [];
  for (let i = 0; i < count; i += 1) {
    const onDoc = !publicBlogs.length || rnd.chance(0.7);
    const text = rnd.pick(COMMENTS);
    comments.push({
      doc: onDoc ? rnd.pick(publicDocs) : null,
      blog: onDoc ? null : rnd.pick(publicBlogs),
      user: m.anyUser(),
      content: text.endsWith('：') ? `${text}「${rnd.pick(plans).items[0].lines[0] ?? ''}」` : text,
      created: m.timeAgo(),
    });
  }
  return comments;
}

/** Words the demo site's readers search for, when the seed has them (a quick seed has few poems). */
const SEARCHED_WORDS = ['明月', '李白', '杜甫', '苏轼', '春风', '江南', '相思', '长安', '故乡', '秋风', '黄河', '离别', '诗经', '论语', '梅花'];
const SEARCHED_MAX = 15;

/**
 * Search history of the demo site's readers (what hot keywords and suggestions start from): the searched words
 * that the seed's public documents and blogs hold, then the poets it has the most documents of. A word the
 * seed does not have would be a hot keyword that finds nothing.
 */
function makeKeywords(rnd: Random, plans: DocPlan[], docs: DocRowPlan[], blogs: BlogRowPlan[]): SeedData['keywords'] {
  const texts = [
    ...docs.filter((d) => isPublicDoc(d.status)).map((d) => `${d.title} ${d.summary}`),
    ...blogs.filter((b) => isPublicBlog(b.status)).map((b) => `${b.title} ${b.summary}`),
  ];
  const authors = new Map<string, number>();
  for (const plan of plans) {
    const author = plan.items[0].author;
    if (/^[\u4e00-\u9fff]{2,4}$/.test(author) && author !== '佚名') authors.set(author, (authors.get(author) ?? 0) + 1);
  }
  const poets = [...authors].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([author]) => author);
  const words = [...new Set([...SEARCHED_WORDS, ...poets])].filter((w) => texts.some((t) => t.includes(w))).slice(0, SEARCHED_MAX);
  return words.map((keyword, i) => ({ keyword, total: (words.length - i) * 3 + rnd.int(0, 5) }));
}
