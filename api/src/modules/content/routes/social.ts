import {
  BrowsingHistoryItem,
  BrowsingHistoryQuery,
  CollectBody,
  CollectFolder,
  CollectFolderBody,
  CollectFolderPatch,
  CollectFolderQuery,
  CollectItem,
  CollectQuery,
  CommentBody,
  CommentItem,
  CommentQuery,
  ContentReport,
  FolderDeleteQuery,
  FolderItemPage,
  FolderItemQuery,
  HistoryClearQuery,
  HistoryCleared,
  ReportBody,
  ITEM_TYPES,
  ReportQuery,
  UncollectQuery,
  type ItemType,
} from 'contracts';
import type { FastifyInstance } from 'fastify';
import { requireActiveUser, requireLogin } from '../../accounts/guards';
import { PageSchema, paginate } from '../../../core/http/pagination';
import { currentUser } from '../context';
import { flagOn, IdParams, type IdParamsT } from '../serialize';
import * as collections from '../services/collections';
import * as comments from '../services/comments';
import * as history from '../services/history';
import * as reports from '../services/reports';

const READ = { rateLimit: 'read' } as const;

/** Comments of documents or blogs (docs-comment/, blogs-comment/): the same routes for each kind. */
function commentRoutes(app: FastifyInstance, kind: ItemType): void {
  const base = `/api/${kind}-comment/`;

  const post = { schema: { body: CommentBody(kind), response: { 201: CommentItem } }, config: { userLimit: 'comment' } } as const;
  app.post<{ Body: CommentBody }>(base, post, async (request, reply) => {
    const { user } = requireActiveUser(request);
    const comment = await comments.postComment(app, kind, user, request.body[kind], request.body.content);
    return reply.code(201).send(comment);
  });

  app.get<{ Querystring: CommentQuery }>(
    base,
    { schema: { querystring: CommentQuery(kind), response: { 200: PageSchema(CommentItem) } }, config: READ },
    async (request) => {
      const me = currentUser(request)?.id ?? 0;
      return paginate(request, await comments.commentPages(app, kind, request.query[kind], me, flagOn(request.query.no_comment) ?? false));
    },
  );

  app.delete<{ Params: IdParamsT }>(`${base}:id/`, { schema: { params: IdParams } }, async (request, reply) => {
    const { user } = requireActiveUser(request);
    await comments.deleteComment(app, kind, user.id, request.params.id);
    return reply.code(204).send();
  });
}

/** Favourites of documents or blogs (docs-collect/, blogs-collect/): the same routes for each kind. */
function collectRoutes(app: FastifyInstance, kind: ItemType): void {
  const base = `/api/${kind}-collect/`;
  const Item = CollectItem(kind);

  app.post<{ Body: CollectBody }>(base, { schema: { body: CollectBody(kind), response: { 200: Item, 201: Item } } }, async (request, reply) => {
    const { user } = requireActiveUser(request);
    const { item, created } = await collections.collect(app, kind, user.id, request.body[kind], request.body.folder);
    return reply.code(created ? 201 : 200).send(item);
  });

  app.get<{ Querystring: CollectQuery }>(
    base,
    { schema: { querystring: CollectQuery(kind), response: { 200: PageSchema(Item) } }, config: READ },
    async (request) => {
      const { user } = requireLogin(request);
      const query = { folder: request.query.folder, item: request.query[kind] };
      return paginate(request, await collections.collectedPages(app, kind, user.id, query));
    },
  );

  app.delete<{ Params: IdParamsT }>(`${base}:id/`, { schema: { params: IdParams } }, async (request, reply) => {
    const { user } = requireActiveUser(request);
    await collections.uncollect(app, kind, user.id, 'id', request.params.id);
    return reply.code(204).send();
  });

  app.delete<{ Querystring: UncollectQuery }>(base, { schema: { querystring: UncollectQuery(kind) } }, async (request, reply) => {
    const { user } = requireActiveUser(request);
    await collections.uncollect(app, kind, user.id, 'item', request.query[kind]);
    return reply.code(204).send();
  });
}

/** Favourite folders (collect-folder/): anyone's public ones, and the user's own to manage. */
function folderRoutes(app: FastifyInstance): void {
  const base = '/api/collect-folder/';
  app.get<{ Querystring: CollectFolderQuery }>(
    base,
    { schema: { querystring: CollectFolderQuery, response: { 200: PageSchema(CollectFolder) } }, config: READ },
    async (request) => {
      const me = currentUser(request)?.id;
      const owner = request.query.user ?? me ?? requireLogin(request).user.id;
      return paginate(request, collections.folderPages(app, owner, me));
    },
  );

  app.get<{ Params: IdParamsT }>(`${base}:id/`, { schema: { params: IdParams, response: { 200: CollectFolder } }, config: READ }, async (request) =>
    collections.visibleFolder(app, request.params.id, currentUser(request)?.id),
  );

  const create = { schema: { body: CollectFolderBody, response: { 201: CollectFolder } }, config: { userLimit: 'folder' } } as const;
  app.post<{ Body: CollectFolderBody }>(base, create, async (request, reply) => {
    const { user } = requireActiveUser(request);
    return reply.code(201).send(await collections.createFolder(app, user.id, request.body.name, request.body.is_public));
  });

  app.patch<{ Params: IdParamsT; Body: CollectFolderPatch }>(
    `${base}:id/`,
    { schema: { params: IdParams, body: CollectFolderPatch, response: { 200: CollectFolder } } },
    async (request) => collections.updateFolder(app, requireActiveUser(request).user.id, request.params.id, request.body),
  );

  app.get<{ Params: IdParamsT; Querystring: FolderItemQuery }>(
    `${base}:id/items/`,
    { schema: { params: IdParams, querystring: FolderItemQuery, response: { 200: FolderItemPage } }, config: READ },
    async (request) => paginate(request, await collections.folderItemPages(app, request.params.id, currentUser(request)?.id)),
  );

  app.delete<{ Params: IdParamsT; Querystring: FolderDeleteQuery }>(
    `${base}:id/`,
    { schema: { params: IdParams, querystring: FolderDeleteQuery } },
    async (request, reply) => {
      const { user } = requireActiveUser(request);
      await collections.deleteFolder(app, user.id, request.params.id, request.query);
      return reply.code(204).send();
    },
  );
}

/** The user's browsing history (articles-browsing-history/). */
function historyRoutes(app: FastifyInstance): void {
  app.get<{ Querystring: BrowsingHistoryQuery }>(
    '/api/articles-browsing-history/',
    { schema: { querystring: BrowsingHistoryQuery, response: { 200: PageSchema(BrowsingHistoryItem) } }, config: READ },
    async (request) => paginate(request, history.historyPages(app, requireLogin(request).user.id, request.query.type)),
  );

  app.delete<{ Querystring: HistoryClearQuery }>(
    '/api/articles-browsing-history/',
    { schema: { querystring: HistoryClearQuery, response: { 200: HistoryCleared } } },
    async (request) => history.clearHistory(app, requireLogin(request).user.id, request.query.type),
  );

  app.delete<{ Params: IdParamsT }>('/api/articles-browsing-history/:id/', { schema: { params: IdParams } }, async (request, reply) => {
    await history.deleteHistory(app, requireLogin(request).user.id, request.params.id);
    return reply.code(204).send();
  });
}

/** Complaints (articles-report/): filed, listed and withdrawn by their author. */
function reportRoutes(app: FastifyInstance): void {
  const base = '/api/articles-report/';
  const file = { schema: { body: ReportBody, response: { 201: ContentReport } }, config: { userLimit: 'report' } } as const;
  app.post<{ Body: ReportBody }>(base, file, async (request, reply) => {
    const { user } = requireActiveUser(request);
    return reply.code(201).send(await reports.fileReport(app, user.id, request.body));
  });

  app.get<{ Querystring: ReportQuery }>(
    base,
    { schema: { querystring: ReportQuery, response: { 200: PageSchema(ContentReport) } }, config: READ },
    async (request) => paginate(request, reports.reportPages(app, requireLogin(request).user.id, request.query.status)),
  );

  app.get<{ Params: IdParamsT }>(`${base}:id/`, { schema: { params: IdParams, response: { 200: ContentReport } }, config: READ }, async (request) =>
    reports.userReport(app, requireLogin(request).user.id, request.params.id),
  );

  app.delete<{ Params: IdParamsT }>(`${base}:id/`, { schema: { params: IdParams } }, async (request, reply) => {
    const { user } = requireActiveUser(request);
    await reports.withdrawReport(app, user.id, request.params.id);
    return reply.code(204).send();
  });
}

export async function socialRoutes(app: FastifyInstance): Promise<void> {
  for (const kind of ITEM_TYPES) commentRoutes(app, kind);
  for (const kind of ITEM_TYPES) collectRoutes(app, kind);
  folderRoutes(app);
  historyRoutes(app);
  reportRoutes(app);
}
