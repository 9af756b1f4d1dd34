import type { ArticleItem, ArticlesQuery, BlogDetail, BlogItem, BlogsQuery, DocDetail, DocItem, DocsQuery, RecommendQuery } from 'contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../../../core/http/errors';
import { isPublicDoc } from '../constants';
import { clock, currentUser } from '../context';
import { fillNames, visibleBlog, visibleDoc } from '../load';
import type { ReadTime } from '../list-rows';
import { previewInfo } from '../preview';
import { publicArticleList, type ItemRef } from '../repositories/articles';
import { blogAppendixList, blogContent, publicBlogList } from '../repositories/blogs';
import { firstPageText, publicDocList, recommendedDocList } from '../repositories/documents';
import type { ListQuery } from '../repositories/lists';
import { docReaderState, hasCollectedBlog, recordBrowsing } from '../repositories/reader';
import { blogItem, docItem, flagOn, type BlogRow, type DocRow } from '../serialize';

/** The ids of a category and its descendants (what `?category=` means); 404 for a category that does not exist. */
export async function categoryFilter(app: FastifyInstance, id: number | undefined): Promise<number[] | undefined> {
  if (id === undefined) return undefined;
  const ids = await app.content.categories.withDescendants(id);
  if (!ids.length) throw new ApiError(404, 'not_found', '分类不存在');
  return ids;
}

/** Rows of a list as its items: names filled from the caches, then serialized. */
function items<R extends DocRow | BlogRow, T>(app: FastifyInstance, list: ListQuery<R>, item: (row: R) => T): ListQuery<T> {
  return { count: list.count, fetch: async (limit, offset) => (await fillNames(app, await list.fetch(limit, offset))).map(item) };
}

const DOC_TYPE = { type: 'docs' as const };
const BLOG_TYPE = { type: 'blogs' as const };

/**
 * Documents and blogs in the order of `refs` (each with `extra`, e.g. its search highlights), skipping any gone; their
 * rows kept ones where they are (app.content.listRows, `read` told how old).
 */
export async function articleItems(
  app: FastifyInstance,
  refs: ItemRef[],
  extra: (row: { title: string; summary: string }) => object,
  read: ReadTime,
): Promise<ArticleItem[]> {
  const kept = app.content.listRows;
  // both at once: on PGlite each query waits for the queue of every request in flight, so two in a row wait twice
  const [docs, blogs] = await Promise.all([
    kept.documents.get(refs.filter((h) => h.type === 'docs').map((h) => h.id), read),
    kept.blogs.get(refs.filter((h) => h.type === 'blogs').map((h) => h.id), read),
  ]);
  // the item gets its type and highlights added, not copied into a spread object: a search page made anew builds 20
  // of them, and the copies were a tenth of the API's garbage under load (docs/performance.md, "Garbage of a search made anew")
  return refs.flatMap((h): ArticleItem[] => {
    if (h.type === 'docs') {
      const row = docs.get(h.id);
      return row ? [Object.assign(docItem(row), DOC_TYPE, extra(row))] : [];
    }
    const row = blogs.get(h.id);
    return row ? [Object.assign(blogItem(row), BLOG_TYPE, extra(row))] : [];
  });
}

/** How many of a category's newest documents are kept for the recommendations beside its items (a page is 6). */
const NEARBY_KEPT = 13;

/**
 * The public documents of these categories, newest first, leaving out `except` (the document being read; `listed`
 * when it is public, so one of them): the first NEARBY_KEPT are kept per category (app.content.nearby, dropped when
 * the lists change), so every document of a category shares one read of its neighbours; pages beyond ask the database.
 */
function nearby(app: FastifyInstance, categoryIds: number[], except?: { id: number; listed: boolean }): ListQuery<DocItem> {
  const all = items(app, recommendedDocList(app.db, app.content.counts, { categoryIds }), (r) => docItem(r));
  return {
    count: async () => (await all.count()) - (except?.listed ? 1 : 0),
    async fetch(limit, offset) {
      if (offset + limit >= NEARBY_KEPT) {
        const exact = recommendedDocList(app.db, app.content.counts, { categoryIds, exceptId: except?.id });
        return items(app, exact, (r) => docItem(r)).fetch(limit, offset);
      }
      const first = await app.content.nearby.get(categoryIds.join(','), () => all.fetch(NEARBY_KEPT, 0));
      return first.filter((d) => d.id !== except?.id).slice(offset, offset + limit);
    },
  };
}

/** The lists of public items and their detail pages. */
export function catalogService(app: FastifyInstance) {
  const counts = app.content.counts;
  return {
    async docs(q: DocsQuery): Promise<ListQuery<DocItem>> {
      const filter = { categoryIds: await categoryFilter(app, q.category), extCate: q.ext_cate, isFree: flagOn(q.is_free), uploader: q.uploader };
      return items(app, publicDocList(app.db, counts, filter, q.ordering), (r) => docItem(r));
    },
    async blogs(q: BlogsQuery): Promise<ListQuery<BlogItem>> {
      const filter = { categoryIds: await categoryFilter(app, q.category), author: q.author };
      return items(app, publicBlogList(app.db, counts, filter, q.ordering), (r) => blogItem(r));
    },
    async articles(q: ArticlesQuery, read: ReadTime): Promise<ListQuery<ArticleItem>> {
      const filter = { categoryIds: await categoryFilter(app, q.category), extCate: q.ext_cate };
      const refs = publicArticleList(app.db, counts, filter, q.type, q.ordering);
      return { count: refs.count, fetch: async (limit, offset) => articleItems(app, await refs.fetch(limit, offset), () => ({}), read) };
    },
    /** Documents near the one (or the blog) being read: same category and below; without either, the best rated. */
    async recommended(request: FastifyRequest, q: RecommendQuery): Promise<ListQuery<DocItem>> {
      if (q.docs !== undefined) {
        const doc = await visibleDoc(app, request, q.docs);
        const categoryIds = await app.content.categories.withDescendants(doc.category_id);
        // a public document is one of its category's: the others are that list without it
        return nearby(app, categoryIds, { id: doc.id, listed: isPublicDoc(doc.status) });
      }
      if (q.blogs !== undefined) {
        const blog = await visibleBlog(app, request, q.blogs);
        return nearby(app, await app.content.categories.withDescendants(blog.category_id));
      }
      return items(app, recommendedDocList(app.db, counts, {}), (r) => docItem(r));
    },
    docDetail: (request: FastifyRequest, id: number) => docDetail(app, request, id),
    blogDetail: (request: FastifyRequest, id: number) => blogDetail(app, request, id),
  };
}
export type CatalogService = ReturnType<typeof catalogService>;

async function categoryPath(app: FastifyInstance, categoryId: number) {
  return (await app.content.categories.path(categoryId)).map((c) => ({ id: c.id, name: c.name }));
}

/** A document's page: counts the view and, for a user, records it in their history. */
async function docDetail(app: FastifyInstance, request: FastifyRequest, id: number): Promise<DocDetail> {
  const row = await visibleDoc(app, request, id);
  const user = currentUser(request);
  let state = { collected: false, purchased: false };
  if (user) {
    state = await docReaderState(app.db, user.id, row.id, clock(app));
    await recordBrowsing(app.db, user.id, 'docs', row.id, clock(app));
  }
  app.content.views.add('documents', row.id);
  const path = await categoryPath(app, row.category_id);
  const isOwner = user?.id === row.uploader_id;
  const preview = previewInfo(row, isOwner || state.purchased);
  // page 1 is within every preview there is; a PDF's is drawn in the browser, so its text comes with the detail
  const firstPage = preview.type === 'pdf' && preview.preview_pages > 0 ? await firstPageText(app.db, row.id) : '';
  return {
    ...docItem(row, app.content.views.pending('documents', row.id)),
    category_path: path,
    preview,
    first_page_text: firstPage,
    is_collected: state.collected,
    is_purchased: state.purchased,
    is_owner: isOwner,
  };
}

/** A blog's page with its text and appendices: counts the view and, for a user, records it in their history. */
async function blogDetail(app: FastifyInstance, request: FastifyRequest, id: number): Promise<BlogDetail> {
  const row = await visibleBlog(app, request, id);
  const user = currentUser(request);
  const content = await blogContent(app.db, row.id);
  const appendices = await blogAppendixList(app.db, row.id);
  let isCollected = false;
  if (user) {
    isCollected = await hasCollectedBlog(app.db, user.id, row.id);
    await recordBrowsing(app.db, user.id, 'blogs', row.id, clock(app));
  }
  app.content.views.add('blogs', row.id);
  const path = await categoryPath(app, row.category_id);
  return {
    ...blogItem(row, app.content.views.pending('blogs', row.id)),
    content,
    category_path: path,
    appendices,
    is_collected: isCollected,
    is_owner: user?.id === row.author_id,
  };
}
