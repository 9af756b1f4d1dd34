import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { requireActiveUser, requireLogin } from '../../accounts/guards';
import { isUniqueViolation } from '../../../core/db/errors';
import { ApiError, invalid } from '../../../core/http/errors';
import { PageQuery, PageSchema, paginate } from '../../../core/http/pagination';
import { StringEnum, Text } from '../../../core/http/validation';
import { COMMENT_MAX_CHARS, REPORT_MAX_CHARS, REPORT_REASON_TEXT, REPORT_REASONS, REPORT_STATUS_TEXT } from '../constants';
import { clock, currentUser } from '../context';
import { blogsByIds, docsByIds, publicBlog, publicDoc } from '../load';
import { BlogItem, blogItem, DocItem, docItem, Flag, flagOn, IdParams, type BlogItemT, type DocItemT, type IdParamsT } from '../serialize';
import { cleanText, textLength } from '../text';

const PositiveId = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });
const DateTime = Type.String({ format: 'date-time' });

function requiredText(field: string, raw: string, max: number, emptyMessage: string, longMessage: string): string {
  const text = cleanText(raw);
  if (!text) throw invalid({ [field]: [emptyMessage] }, emptyMessage);
  if (textLength(text) > max) throw invalid({ [field]: [longMessage] }, longMessage);
  return text;
}

// ---------------------------------------------------------------- comments

const Comment = Type.Object({
  id: Type.Integer(),
  uid: Type.Integer(),
  uname: Type.String(),
  content: Type.String({ description: '纯文本（已去除标签与控制字符）' }),
  create_time: DateTime,
  is_mine: Type.Boolean(),
});

function commentRoutes(app: FastifyInstance, kind: 'docs' | 'blogs'): void {
  const column = kind === 'docs' ? 'docs_id' : 'blogs_id';
  const table = kind === 'docs' ? 'documents' : 'blogs';
  const base = `/api/${kind}-comment/`;
  const Body = Type.Object(
    { [kind]: PositiveId, content: Text({ maxLength: COMMENT_MAX_CHARS * 4 }) },
    { additionalProperties: false },
  );
  const Query = Type.Object({
    ...PageQuery,
    [kind]: PositiveId,
    no_comment: Type.Optional(Flag('1/true 时只返回评论数（results 为空）')),
  });

  app.post<{ Body: Record<string, unknown> }>(base, { schema: { body: Body, response: { 201: Comment } } }, async (request, reply) => {
    const { user } = requireActiveUser(request);
    const targetId = request.body[kind] as number;
    const content = requiredText('content', request.body.content as string, COMMENT_MAX_CHARS, '评论内容不能为空', `评论不能超过${COMMENT_MAX_CHARS}个字`);
    const now = clock(app);
    const row = await app.db.transaction(async (tx) => {
      if (kind === 'docs') await publicDoc(tx, targetId);
      else await publicBlog(tx, targetId);
      const [inserted] = await tx.query<{ id: number; create_time: Date }>(
        `INSERT INTO content_comments (${column}, user_id, content, create_time) VALUES ($1, $2, $3, $4) RETURNING id, create_time`,
        [targetId, user.id, content, now],
      );
      await tx.query(`UPDATE ${table} SET comment_count = comment_count + 1 WHERE id = $1`, [targetId]);
      return inserted;
    });
    app.content.rows.changed(table, targetId);
    reply.code(201);
    return { id: row.id, uid: user.id, uname: user.nickname, content, create_time: row.create_time, is_mine: true };
  });

  app.get<{ Querystring: Record<string, unknown> & { no_comment?: string } }>(
    base,
    { schema: { querystring: Query, response: { 200: PageSchema(Comment) } }, config: { rateLimit: 'read' } },
    async (request) => {
      const targetId = request.query[kind] as number;
      if (kind === 'docs') await publicDoc(app.db, targetId);
      else await publicBlog(app.db, targetId);
      const me = currentUser(request)?.id ?? 0;
      return paginate(request, {
        count: async () =>
          (await app.db.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM content_comments WHERE ${column} = $1 AND status = 1`,
            [targetId],
          ))[0].n,
        fetch: async (limit, offset) => {
          if (flagOn(request.query.no_comment)) return [];
          const rows = await app.db.query<{ id: number; uid: number; uname: string; content: string; create_time: Date }>(
            `SELECT m.id, m.user_id AS uid, u.nickname AS uname, m.content, m.create_time
               FROM content_comments m JOIN users u ON u.id = m.user_id
              WHERE m.${column} = $1 AND m.status = 1 ORDER BY m.create_time DESC, m.id DESC LIMIT $2 OFFSET $3`,
            [targetId, limit, offset],
          );
          return rows.map((r) => ({ ...r, is_mine: r.uid === me }));
        },
      });
    },
  );

  app.delete<{ Params: IdParamsT }>(`${base}:id/`, { schema: { params: IdParams } }, async (request, reply) => {
    const { user } = requireActiveUser(request);
    const target = await app.db.transaction(async (tx) => {
      const [row] = await tx.query<{ user_id: number; target: number }>(
        `SELECT user_id, ${column} AS target FROM content_comments WHERE id = $1 AND ${column} IS NOT NULL FOR UPDATE`,
        [request.params.id],
      );
      if (!row) throw new ApiError(404, 'not_found', '评论不存在或已被删除');
      if (row.user_id !== user.id) throw new ApiError(403, 'permission_denied', '只能删除自己的评论');
      await tx.query('DELETE FROM content_comments WHERE id = $1', [request.params.id]);
      await tx.query(`UPDATE ${table} SET comment_count = greatest(comment_count - 1, 0) WHERE id = $1`, [row.target]);
      return row.target;
    });
    app.content.rows.changed(table, target);
    return reply.code(204).send();
  });
}

// ---------------------------------------------------------------- favourites

const Folder = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  is_public: Type.Boolean(),
  is_default: Type.Boolean(),
  item_count: Type.Integer(),
  create_time: DateTime,
});
type FolderT = Static<typeof Folder>;
const FOLDER_COLUMNS = `f.id, f.name, f.is_public, f.is_default, f.create_time,
  (SELECT count(*) FROM collect_items i WHERE i.folder_id = f.id)::int AS item_count`;
const DEFAULT_FOLDER = '默认收藏夹';
const FolderName = Text({ minLength: 1, maxLength: 30 });

async function defaultFolder(app: FastifyInstance, userId: number): Promise<number> {
  await app.db.query(
    `INSERT INTO collect_folders (user_id, name, is_default, create_time) VALUES ($1, $2, true, $3)
     ON CONFLICT DO NOTHING`,
    [userId, DEFAULT_FOLDER, clock(app)],
  );
  const [row] = await app.db.query<{ id: number }>('SELECT id FROM collect_folders WHERE user_id = $1 AND is_default', [userId]);
  if (!row) throw new ApiError(409, 'conflict', '默认收藏夹创建失败，请重试');
  return row.id;
}

async function ownFolder(app: FastifyInstance, userId: number, id: number): Promise<number> {
  const [row] = await app.db.query<{ id: number }>('SELECT id FROM collect_folders WHERE id = $1 AND user_id = $2', [id, userId]);
  if (!row) throw new ApiError(404, 'not_found', '收藏夹不存在');
  return row.id;
}

function collectRoutes(app: FastifyInstance, kind: 'docs' | 'blogs'): void {
  const column = kind === 'docs' ? 'docs_id' : 'blogs_id';
  const table = kind === 'docs' ? 'documents' : 'blogs';
  const base = `/api/${kind}-collect/`;
  const Item = Type.Object({
    id: Type.Integer(),
    folder: Type.Integer(),
    [kind]: kind === 'docs' ? DocItem : BlogItem,
    create_time: DateTime,
  });
  const Body = Type.Object({ [kind]: PositiveId, folder: Type.Optional(PositiveId) }, { additionalProperties: false });
  const Query = Type.Object({ ...PageQuery, folder: Type.Optional(PositiveId), [kind]: Type.Optional(PositiveId) });
  const DeleteQuery = Type.Object({ [kind]: PositiveId });

  // one shape per kind: `docs` or `blogs` holds the item
  type ItemOut = { id: number; folder: number; create_time: Date; docs?: unknown; blogs?: unknown };
  const items = async (rows: { id: number; folder_id: number; target: number; create_time: Date }[]): Promise<ItemOut[]> => {
    const ids = rows.map((r) => r.target);
    if (kind === 'docs') {
      const docs = await docsByIds(app, ids);
      return rows.flatMap((r) => {
        const d = docs.get(r.target);
        return d ? [{ id: r.id, folder: r.folder_id, docs: docItem(d), create_time: r.create_time }] : [];
      });
    }
    const blogs = await blogsByIds(app, ids);
    return rows.flatMap((r) => {
      const b = blogs.get(r.target);
      return b ? [{ id: r.id, folder: r.folder_id, blogs: blogItem(b), create_time: r.create_time }] : [];
    });
  };

  app.post<{ Body: Record<string, number | undefined> }>(
    base,
    { schema: { body: Body, response: { 200: Item, 201: Item } } },
    async (request, reply) => {
      const { user } = requireActiveUser(request);
      const targetId = request.body[kind] as number;
      if (kind === 'docs') await publicDoc(app.db, targetId);
      else await publicBlog(app.db, targetId);
      const folderId = request.body.folder !== undefined ? await ownFolder(app, user.id, request.body.folder) : await defaultFolder(app, user.id);
      const now = clock(app);
      const result = await app.db.transaction(async (tx) => {
        const [existing] = await tx.query<{ id: number }>(`SELECT id FROM collect_items WHERE user_id = $1 AND ${column} = $2 FOR UPDATE`, [
          user.id,
          targetId,
        ]);
        if (existing) {
          // collecting again moves the item into the folder asked for
          await tx.query('UPDATE collect_items SET folder_id = $2 WHERE id = $1', [existing.id, folderId]);
          return { id: existing.id, created: false };
        }
        const [row] = await tx.query<{ id: number }>(
          `INSERT INTO collect_items (folder_id, user_id, ${column}, create_time) VALUES ($1, $2, $3, $4) RETURNING id`,
          [folderId, user.id, targetId, now],
        );
        await tx.query(`UPDATE ${table} SET collect_count = collect_count + 1 WHERE id = $1`, [targetId]);
        return { id: row.id, created: true };
      });
      if (result.created) app.content.rows.changed(table, targetId);
      const [row] = await app.db.query<{ id: number; folder_id: number; target: number; create_time: Date }>(
        `SELECT id, folder_id, ${column} AS target, create_time FROM collect_items WHERE id = $1`,
        [result.id],
      );
      reply.code(result.created ? 201 : 200);
      return (await items([row]))[0];
    },
  );

  app.get<{ Querystring: Record<string, unknown> & { folder?: number } }>(
    base,
    { schema: { querystring: Query, response: { 200: PageSchema(Item) } }, config: { rateLimit: 'read' } },
    async (request) => {
      const { user } = requireLogin(request);
      const params: unknown[] = [user.id];
      const where = ['i.user_id = $1', `i.${column} IS NOT NULL`];
      if (request.query.folder !== undefined) {
        params.push(await ownFolder(app, user.id, request.query.folder));
        where.push(`i.folder_id = $${params.length}`);
      }
      if (request.query[kind] !== undefined) {
        params.push(request.query[kind]);
        where.push(`i.${column} = $${params.length}`);
      }
      const whereSql = where.join(' AND ');
      return paginate(request, {
        count: async () => (await app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM collect_items i WHERE ${whereSql}`, params))[0].n,
        fetch: async (limit, offset) => {
          const rows = await app.db.query<{ id: number; folder_id: number; target: number; create_time: Date }>(
            `SELECT i.id, i.folder_id, i.${column} AS target, i.create_time FROM collect_items i WHERE ${whereSql}
              ORDER BY i.create_time DESC, i.id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
            [...params, limit, offset],
          );
          return items(rows);
        },
      });
    },
  );

  const remove = async (userId: number, where: string, value: number) => {
    const target = await app.db.transaction(async (tx) => {
      const [row] = await tx.query<{ id: number; target: number }>(
        `SELECT id, ${column} AS target FROM collect_items WHERE user_id = $1 AND ${where} = $2 AND ${column} IS NOT NULL FOR UPDATE`,
        [userId, value],
      );
      if (!row) throw new ApiError(404, 'not_found', '收藏不存在');
      await tx.query('DELETE FROM collect_items WHERE id = $1', [row.id]);
      await tx.query(`UPDATE ${table} SET collect_count = greatest(collect_count - 1, 0) WHERE id = $1`, [row.target]);
      return row.target;
    });
    app.content.rows.changed(table, target);
  };

  app.delete<{ Params: IdParamsT }>(`${base}:id/`, { schema: { params: IdParams } }, async (request, reply) => {
    const { user } = requireActiveUser(request);
    await remove(user.id, 'id', request.params.id);
    return reply.code(204).send();
  });

  app.delete<{ Querystring: Record<string, number> }>(base, { schema: { querystring: DeleteQuery } }, async (request, reply) => {
    const { user } = requireActiveUser(request);
    await remove(user.id, column, request.query[kind]);
    return reply.code(204).send();
  });
}

function folderRoutes(app: FastifyInstance): void {
  const Body = Type.Object({ name: FolderName, is_public: Type.Optional(Type.Boolean()) }, { additionalProperties: false });
  const Patch = Type.Object({ name: Type.Optional(FolderName), is_public: Type.Optional(Type.Boolean()) }, { additionalProperties: false });
  const Query = Type.Object({ ...PageQuery, user: Type.Optional(PositiveId) });

  const folderName = (raw: string) => requiredText('name', raw, 30, '收藏夹名称不能为空', '收藏夹名称不能超过30个字');
  const duplicate = () => invalid({ name: ['已有同名收藏夹。'] }, '已有同名收藏夹');

  app.get<{ Querystring: Static<typeof Query> }>(
    '/api/collect-folder/',
    { schema: { querystring: Query, response: { 200: PageSchema(Folder) } }, config: { rateLimit: 'read' } },
    async (request) => {
      const me = currentUser(request);
      const owner = request.query.user ?? me?.id;
      if (owner === undefined) requireLogin(request);
      // someone else's folders: only the public ones
      const onlyPublic = owner !== me?.id;
      const where = `f.user_id = $1${onlyPublic ? ' AND f.is_public' : ''}`;
      return paginate(request, {
        count: async () => (await app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM collect_folders f WHERE ${where}`, [owner]))[0].n,
        fetch: (limit, offset) =>
          app.db.query<FolderT>(
            `SELECT ${FOLDER_COLUMNS} FROM collect_folders f WHERE ${where} ORDER BY f.is_default DESC, f.create_time, f.id LIMIT $2 OFFSET $3`,
            [owner, limit, offset],
          ),
      });
    },
  );

  app.get<{ Params: IdParamsT }>(
    '/api/collect-folder/:id/',
    { schema: { params: IdParams, response: { 200: Folder } }, config: { rateLimit: 'read' } },
    async (request) => {
      const [row] = await app.db.query<FolderT & { user_id: number }>(
        `SELECT ${FOLDER_COLUMNS}, f.user_id FROM collect_folders f WHERE f.id = $1`,
        [request.params.id],
      );
      // a private folder of someone else is answered like one that does not exist
      if (!row || (!row.is_public && row.user_id !== currentUser(request)?.id)) throw new ApiError(404, 'not_found', '收藏夹不存在');
      return row;
    },
  );

  app.post<{ Body: Static<typeof Body> }>('/api/collect-folder/', { schema: { body: Body, response: { 201: Folder } } }, async (request, reply) => {
    const { user } = requireActiveUser(request);
    const name = folderName(request.body.name);
    try {
      const [row] = await app.db.query<{ id: number }>(
        'INSERT INTO collect_folders (user_id, name, is_public, create_time) VALUES ($1, $2, $3, $4) RETURNING id',
        [user.id, name, request.body.is_public ?? false, clock(app)],
      );
      reply.code(201);
      return (await app.db.query<FolderT>(`SELECT ${FOLDER_COLUMNS} FROM collect_folders f WHERE f.id = $1`, [row.id]))[0];
    } catch (err) {
      if (isUniqueViolation(err)) throw duplicate();
      throw err;
    }
  });

  app.patch<{ Params: IdParamsT; Body: Static<typeof Patch> }>(
    '/api/collect-folder/:id/',
    { schema: { params: IdParams, body: Patch, response: { 200: Folder } } },
    async (request) => {
      const { user } = requireActiveUser(request);
      const id = await ownFolder(app, user.id, request.params.id);
      const name = request.body.name === undefined ? null : folderName(request.body.name);
      try {
        await app.db.query(
          'UPDATE collect_folders SET name = coalesce($2, name), is_public = coalesce($3, is_public) WHERE id = $1',
          [id, name, request.body.is_public ?? null],
        );
      } catch (err) {
        if (isUniqueViolation(err)) throw duplicate();
        throw err;
      }
      return (await app.db.query<FolderT>(`SELECT ${FOLDER_COLUMNS} FROM collect_folders f WHERE f.id = $1`, [id]))[0];
    },
  );

  app.delete<{ Params: IdParamsT }>('/api/collect-folder/:id/', { schema: { params: IdParams } }, async (request, reply) => {
    const { user } = requireActiveUser(request);
    const id = await ownFolder(app, user.id, request.params.id);
    await app.db.transaction(async (tx) => {
      const [folder] = await tx.query<{ is_default: boolean }>('SELECT is_default FROM collect_folders WHERE id = $1 FOR UPDATE', [id]);
      if (folder?.is_default) throw new ApiError(409, 'conflict', '默认收藏夹不能删除');
      for (const [column, table] of [['docs_id', 'documents'], ['blogs_id', 'blogs']] as const) {
        await tx.query(
          `UPDATE ${table} t SET collect_count = greatest(t.collect_count - c.n, 0)
             FROM (SELECT ${column} AS target, count(*)::int AS n FROM collect_items WHERE folder_id = $1 AND ${column} IS NOT NULL GROUP BY 1) c
            WHERE t.id = c.target`,
          [id],
        );
      }
      await tx.query('DELETE FROM collect_folders WHERE id = $1', [id]);
    });
    // the counts of every item that was in the folder changed
    app.content.rows.changed('documents');
    app.content.rows.changed('blogs');
    return reply.code(204).send();
  });
}

// ---------------------------------------------------------------- browsing history

function historyRoutes(app: FastifyInstance): void {
  const Item = Type.Object({
    id: Type.Integer(),
    type: Type.String({ enum: ['docs', 'blogs'] }),
    docs: Type.Optional(DocItem),
    blogs: Type.Optional(BlogItem),
    create_time: DateTime,
  });
  const Query = Type.Object({ ...PageQuery, type: Type.Optional(StringEnum(['docs', 'blogs'] as const)) });

  app.get<{ Querystring: Static<typeof Query> }>(
    '/api/articles-browsing-history/',
    { schema: { querystring: Query, response: { 200: PageSchema(Item) } }, config: { rateLimit: 'read' } },
    async (request) => {
      const { user } = requireLogin(request);
      const filter = request.query.type === 'docs' ? 'AND docs_id IS NOT NULL' : request.query.type === 'blogs' ? 'AND blogs_id IS NOT NULL' : '';
      return paginate(request, {
        count: async () =>
          (await app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM browsing_history WHERE user_id = $1 ${filter}`, [user.id]))[0].n,
        fetch: async (limit, offset) => {
          const rows = await app.db.query<{ id: number; docs_id: number | null; blogs_id: number | null; create_time: Date }>(
            `SELECT id, docs_id, blogs_id, create_time FROM browsing_history WHERE user_id = $1 ${filter}
              ORDER BY create_time DESC, id DESC LIMIT $2 OFFSET $3`,
            [user.id, limit, offset],
          );
          const docs = await docsByIds(app, rows.flatMap((r) => (r.docs_id ? [r.docs_id] : [])));
          const blogs = await blogsByIds(app, rows.flatMap((r) => (r.blogs_id ? [r.blogs_id] : [])));
          return rows.flatMap((r): { id: number; type: string; docs?: DocItemT; blogs?: BlogItemT; create_time: Date }[] => {
            if (r.docs_id) {
              const d = docs.get(r.docs_id);
              return d ? [{ id: r.id, type: 'docs', docs: docItem(d), create_time: r.create_time }] : [];
            }
            const b = blogs.get(r.blogs_id as number);
            return b ? [{ id: r.id, type: 'blogs', blogs: blogItem(b), create_time: r.create_time }] : [];
          });
        },
      });
    },
  );

  app.delete<{ Params: IdParamsT }>('/api/articles-browsing-history/:id/', { schema: { params: IdParams } }, async (request, reply) => {
    const { user } = requireLogin(request);
    const deleted = await app.db.query('DELETE FROM browsing_history WHERE id = $1 AND user_id = $2 RETURNING id', [request.params.id, user.id]);
    if (!deleted.length) throw new ApiError(404, 'not_found', '浏览记录不存在');
    return reply.code(204).send();
  });
}

// ---------------------------------------------------------------- complaints

const Report = Type.Object({
  id: Type.Integer(),
  type: Type.String({ enum: ['docs', 'blogs', 'comment'] }),
  target: Type.Integer(),
  reason: Type.String(),
  reason_text: Type.String(),
  content: Type.String(),
  contact: Type.String(),
  status: Type.Integer({ description: '0 待处理 1 处理中 2 已处理 3 已驳回' }),
  status_text: Type.String(),
  reply: Type.String(),
  create_time: DateTime,
  update_time: DateTime,
});
interface ReportRow {
  id: number;
  type: string;
  target: number;
  reason: keyof typeof REPORT_REASON_TEXT;
  content: string;
  contact: string;
  status: number;
  reply: string;
  create_time: Date;
  update_time: Date;
}
const REPORT_COLUMNS = 'id, target_type AS type, target_id AS target, reason, content, contact, status, reply, create_time, update_time';
const reportItem = (r: ReportRow) => ({ ...r, reason_text: REPORT_REASON_TEXT[r.reason] ?? '', status_text: REPORT_STATUS_TEXT[r.status] ?? '' });

function reportRoutes(app: FastifyInstance): void {
  const Body = Type.Object(
    {
      type: StringEnum(['docs', 'blogs', 'comment'] as const),
      id: PositiveId,
      reason: StringEnum(REPORT_REASONS),
      content: Text({ maxLength: REPORT_MAX_CHARS * 4 }),
      contact: Type.Optional(Text({ maxLength: 100 })),
    },
    { additionalProperties: false },
  );
  const Query = Type.Object({ ...PageQuery, status: Type.Optional(Type.Integer({ minimum: 0, maximum: 3 })) });

  app.post<{ Body: Static<typeof Body> }>('/api/articles-report/', { schema: { body: Body, response: { 201: Report } } }, async (request, reply) => {
    const { user } = requireActiveUser(request);
    const body = request.body;
    const content = requiredText('content', body.content, REPORT_MAX_CHARS, '请填写投诉说明', `投诉说明不能超过${REPORT_MAX_CHARS}个字`);
    const contact = cleanText(body.contact ?? '').slice(0, 100);
    if (body.type === 'docs') await publicDoc(app.db, body.id);
    else if (body.type === 'blogs') await publicBlog(app.db, body.id);
    else {
      const found = await app.db.query('SELECT 1 FROM content_comments WHERE id = $1 AND status = 1', [body.id]);
      if (!found.length) throw new ApiError(404, 'not_found', '评论不存在或已被删除');
    }
    const now = clock(app);
    try {
      const [row] = await app.db.query<ReportRow>(
        `INSERT INTO content_reports (user_id, target_type, target_id, reason, content, contact, create_time, update_time)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $7) RETURNING ${REPORT_COLUMNS}`,
        [user.id, body.type, body.id, body.reason, content, contact, now],
      );
      reply.code(201);
      return reportItem(row);
    } catch (err) {
      if (isUniqueViolation(err)) throw new ApiError(409, 'duplicate_report', '您已投诉过该内容，请等待处理结果');
      throw err;
    }
  });

  app.get<{ Querystring: Static<typeof Query> }>(
    '/api/articles-report/',
    { schema: { querystring: Query, response: { 200: PageSchema(Report) } }, config: { rateLimit: 'read' } },
    async (request) => {
      const { user } = requireLogin(request);
      const params: unknown[] = [user.id];
      let filter = '';
      if (request.query.status !== undefined) {
        params.push(request.query.status);
        filter = 'AND status = $2';
      }
      return paginate(request, {
        count: async () => (await app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM content_reports WHERE user_id = $1 ${filter}`, params))[0].n,
        fetch: async (limit, offset) =>
          (
            await app.db.query<ReportRow>(
              `SELECT ${REPORT_COLUMNS} FROM content_reports WHERE user_id = $1 ${filter}
                ORDER BY create_time DESC, id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
              [...params, limit, offset],
            )
          ).map(reportItem),
      });
    },
  );

  app.get<{ Params: IdParamsT }>(
    '/api/articles-report/:id/',
    { schema: { params: IdParams, response: { 200: Report } }, config: { rateLimit: 'read' } },
    async (request) => {
      const { user } = requireLogin(request);
      const [row] = await app.db.query<ReportRow>(`SELECT ${REPORT_COLUMNS} FROM content_reports WHERE id = $1 AND user_id = $2`, [
        request.params.id,
        user.id,
      ]);
      if (!row) throw new ApiError(404, 'not_found', '投诉不存在');
      return reportItem(row);
    },
  );

  app.delete<{ Params: IdParamsT }>('/api/articles-report/:id/', { schema: { params: IdParams } }, async (request, reply: FastifyReply) => {
    const { user } = requireActiveUser(request);
    const [row] = await app.db.query<{ status: number }>('SELECT status FROM content_reports WHERE id = $1 AND user_id = $2', [
      request.params.id,
      user.id,
    ]);
    if (!row) throw new ApiError(404, 'not_found', '投诉不存在');
    if (row.status !== 0) throw new ApiError(409, 'report_in_progress', '投诉已在处理中，无法撤回');
    await app.db.query('DELETE FROM content_reports WHERE id = $1 AND status = 0', [request.params.id]);
    return reply.code(204).send();
  });
}

export async function socialRoutes(app: FastifyInstance): Promise<void> {
  commentRoutes(app, 'docs');
  commentRoutes(app, 'blogs');
  collectRoutes(app, 'docs');
  collectRoutes(app, 'blogs');
  folderRoutes(app);
  historyRoutes(app);
  reportRoutes(app);
}

