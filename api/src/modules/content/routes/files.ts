import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requireActiveUser, requireLogin } from '../../accounts/guards';
import { ApiError } from '../../../core/http/errors';
import { PageQuery, PageSchema, paginate } from '../../../core/http/pagination';
import { Text } from '../../../core/http/validation';
import { PAY_ROUTES, PREVIEW_LINK_TTL_S } from '../constants';
import { clock, currentUser, requester, type Requester } from '../context';
import { startOfDay } from '../day';
import { contentDisposition, freeQuota, grantDownload, type Downloadable } from '../downloads';
import { docNotFound, fillNames, visibleBlog, visibleDoc } from '../load';
import { pdfFirstPages, previewInfo, textPages } from '../preview';
import { mimeOf } from '../../../infra/storage/file-types';
import { DOC_COLUMNS, DOC_VIEWS_JOIN, DocItem, docItem, IdParams, type DocRow, type IdParamsT } from '../serialize';

const QuotaAnswer = Type.Object({
  left: Type.Integer({ description: '今日剩余免费下载次数' }),
  total: Type.Integer({ description: '每日免费下载次数' }),
  used: Type.Integer(),
  reset_time: Type.String({ format: 'date-time' }),
  is_free: Type.Boolean({ description: '该文档/附件是否免费' }),
  price: Type.Integer({ description: '价格（分）' }),
  need_pay: Type.Boolean({ description: '下载前需要付费（付费且未购买）' }),
  downloaded_today: Type.Boolean({ description: '今天已下载过（再次下载不占次数）' }),
});

const LinkAnswer = Type.Object({
  url: Type.String({ description: '短时有效的下载链接（同源路径）' }),
  expire_time: Type.String({ format: 'date-time' }),
  kind: Type.String({ description: 'free 免费 / paid 已购买 / repeat 今日重复下载 / owner 自己上传' }),
  left: Type.Integer({ description: '今日剩余免费下载次数' }),
});

const ShareQuery = Type.Object({ sign: Type.Optional(Text({ maxLength: 100 })) });
const TokenQuery = Type.Object({ token: Text({ minLength: 1, maxLength: 300 }) });
const PreviewParams = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }),
  page: Type.Integer({ minimum: 1, maximum: 100_000 }),
});

const linkExpired = () => new ApiError(403, 'link_expired', '下载链接无效或已过期，请重新获取');

async function docDownloadable(app: FastifyInstance, request: FastifyRequest, id: number): Promise<Downloadable & { row: DocRow }> {
  const row = await visibleDoc(app, request, id);
  const user = currentUser(request);
  let purchased = false;
  if (user) {
    purchased = (await app.db.query('SELECT 1 FROM docs_purchases WHERE user_id = $1 AND docs_id = $2', [user.id, id])).length > 0;
  }
  return { kind: 'docs', id, fileId: row.file_id, ownerId: row.uploader_id, price: row.is_free ? 0 : row.price, purchased, row };
}

interface AppendixRow {
  id: number;
  blogs_id: number;
  file_id: number;
  uploader_id: number;
  name: string;
  price: number;
}

async function appendixDownloadable(app: FastifyInstance, request: FastifyRequest, id: number): Promise<Downloadable & { row: AppendixRow }> {
  const [row] = await app.db.query<AppendixRow>(
    'SELECT id, blogs_id, file_id, uploader_id, name, price FROM blog_appendices WHERE id = $1',
    [id],
  );
  if (!row) throw new ApiError(404, 'not_found', '附件不存在或已被删除');
  await visibleBlog(app, request, row.blogs_id);
  return { kind: 'appendix', id, fileId: row.file_id, ownerId: row.uploader_id, price: row.price, purchased: false, row };
}

async function downloadedToday(app: FastifyInstance, who: Requester, column: 'docs_id' | 'appendix_id', id: number): Promise<boolean> {
  if (!who.user && !who.visitorId) return false;
  const rows = await app.db.query(
    who.user
      ? `SELECT 1 FROM download_records WHERE user_id = $1 AND ${column} = $2 AND create_time >= $3 LIMIT 1`
      : `SELECT 1 FROM download_records WHERE visitor_id = $1 AND user_id IS NULL AND ${column} = $2 AND create_time >= $3 LIMIT 1`,
    [who.user ? who.user.id : who.visitorId, id, startOfDay(clock(app))],
  );
  return rows.length > 0;
}

/** The sharer a valid share sign names (`<uid>.<mac>` of /api/docs-share-sign/), null without one. */
async function shareUser(app: FastifyInstance, kind: 'docs' | 'blogs', id: number, sign: string | undefined): Promise<number | null> {
  if (sign === undefined || sign === '') return null;
  const [uidText, mac] = sign.split('.');
  const uid = Number(uidText);
  if (!Number.isSafeInteger(uid) || uid < 1 || !mac || !app.content.signer.macMatches(`${kind}:${id}:${uid}`, mac)) {
    throw new ApiError(400, 'invalid_sign', '分享链接无效', { sign: ['分享签名无效。'] });
  }
  const found = await app.db.query('SELECT 1 FROM users WHERE id = $1', [uid]);
  return found.length ? uid : null;
}

/** Streams a stored file, honouring a single `Range: bytes=a-b`. */
async function sendStored(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  file: { key: string; mime: string; disposition: string },
): Promise<FastifyReply> {
  const size = await app.content.storage.size(file.key);
  if (size === null) {
    request.log.error({ key: file.key }, 'stored file missing');
    throw new ApiError(404, 'file_missing', '文件暂时无法下载，请稍后重试');
  }
  reply.header('Content-Type', file.mime);
  reply.header('Content-Disposition', file.disposition);
  reply.header('Accept-Ranges', 'bytes');
  reply.header('Cache-Control', 'private, no-store');
  const range = request.headers.range;
  if (typeof range === 'string' && range.startsWith('bytes=')) {
    const match = /^bytes=(\d*)-(\d*)$/.exec(range.trim());
    let start = match && match[1] !== '' ? Number(match[1]) : NaN;
    let end = match && match[2] !== '' ? Number(match[2]) : size - 1;
    if (match && match[1] === '' && match[2] !== '') {
      start = Math.max(0, size - Number(match[2]));
      end = size - 1;
    }
    if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start > end || start >= size) {
      reply.header('Content-Range', `bytes */${size}`);
      throw new ApiError(416, 'range_not_satisfiable', '请求的文件范围无效');
    }
    end = Math.min(end, size - 1);
    reply.code(206);
    reply.header('Content-Range', `bytes ${start}-${end}/${size}`);
    reply.header('Content-Length', String(end - start + 1));
    return reply.send(app.content.storage.open(file.key, { start, end }));
  }
  reply.header('Content-Length', String(size));
  return reply.send(app.content.storage.open(file.key));
}

export async function fileRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: IdParamsT }>(
    '/api/obj-left-free-down-num/docs/:id/',
    { schema: { params: IdParams, response: { 200: QuotaAnswer } }, config: { rateLimit: 'read' } },
    async (request, reply) => {
      const item = await docDownloadable(app, request, request.params.id);
      const who = requester(request, reply, true);
      const quota = await freeQuota(app.db, who, clock(app));
      const exempt = item.purchased || who.user?.id === item.ownerId;
      return {
        ...quota,
        is_free: item.price === 0,
        price: item.price,
        need_pay: item.price > 0 && !exempt,
        downloaded_today: await downloadedToday(app, who, 'docs_id', item.id),
      };
    },
  );

  app.post<{ Params: IdParamsT; Querystring: Static<typeof ShareQuery> }>(
    '/api/user-download/docs/:id/',
    { schema: { params: IdParams, querystring: ShareQuery, response: { 200: LinkAnswer } } },
    async (request, reply) => {
      const item = await docDownloadable(app, request, request.params.id);
      const sharer = await shareUser(app, 'docs', item.id, request.query.sign);
      const who = requester(request, reply, true);
      const grant = await grantDownload(app, who, item, sharer);
      return {
        url: `/api/user-download-token/docs/${item.id}/?token=${encodeURIComponent(grant.token)}`,
        expire_time: grant.expireTime,
        kind: grant.kind,
        left: grant.quota.left,
      };
    },
  );

  app.get<{ Params: IdParamsT; Querystring: Static<typeof TokenQuery> }>(
    '/api/user-download-token/docs/:id/',
    { schema: { params: IdParams, querystring: TokenQuery } },
    async (request, reply) => {
      const claims = app.content.signer.verify(request.query.token, Math.floor(clock(app).getTime() / 1000));
      if (!claims || claims.kind !== 'docs' || claims.id !== request.params.id) throw linkExpired();
      const [file] = await app.db.query<{ storage_key: string; ext: string; mime: string; title: string }>(
        `SELECT f.storage_key, f.ext, f.mime, d.title FROM download_records r
           JOIN content_files f ON f.id = r.file_id JOIN documents d ON d.id = r.docs_id
          WHERE r.id = $1 AND r.docs_id = $2`,
        [claims.n, claims.id],
      );
      if (!file) throw linkExpired();
      const name = `${file.title}.${file.ext}`;
      return sendStored(app, request, reply, {
        key: file.storage_key,
        mime: file.mime,
        disposition: contentDisposition('attachment', name, `docs-${claims.id}.${file.ext}`),
      });
    },
  );

  const shareSign = (kind: 'docs' | 'blogs') => async (request: FastifyRequest<{ Params: IdParamsT }>) => {
    const id = request.params.id;
    if (kind === 'docs') await visibleDoc(app, request, id);
    else await visibleBlog(app, request, id);
    const user = currentUser(request);
    const sign = user ? `${user.id}.${app.content.signer.mac(`${kind}:${id}:${user.id}`)}` : '';
    const path = `/app/articles/${kind}/detail/${id}`;
    return { sign, share_url: sign ? `${path}?sign=${encodeURIComponent(sign)}` : path };
  };
  const ShareAnswer = Type.Object({
    sign: Type.String({ description: '分享签名（登录用户才有；未登录为空串）' }),
    share_url: Type.String(),
  });
  app.get('/api/docs-share-sign/:id/', { schema: { params: IdParams, response: { 200: ShareAnswer } }, config: { rateLimit: 'read' } }, shareSign('docs'));
  app.get('/api/blogs-share-sign/:id/', { schema: { params: IdParams, response: { 200: ShareAnswer } }, config: { rateLimit: 'read' } }, shareSign('blogs'));

  app.get<{ Params: IdParamsT }>(
    '/api/appendix-left-free-down-num/:id/',
    { schema: { params: IdParams, response: { 200: QuotaAnswer } }, config: { rateLimit: 'read' } },
    async (request, reply) => {
      const item = await appendixDownloadable(app, request, request.params.id);
      const who = requester(request, reply, true);
      const quota = await freeQuota(app.db, who, clock(app));
      return {
        ...quota,
        is_free: item.price === 0,
        price: item.price,
        need_pay: item.price > 0 && who.user?.id !== item.ownerId,
        downloaded_today: await downloadedToday(app, who, 'appendix_id', item.id),
      };
    },
  );

  app.post<{ Params: IdParamsT }>(
    '/api/appendix-download/:id/',
    { schema: { params: IdParams, response: { 200: LinkAnswer } } },
    async (request, reply) => {
      const item = await appendixDownloadable(app, request, request.params.id);
      const grant = await grantDownload(app, requester(request, reply, true), item, null);
      return {
        url: `/api/appendix-download/${item.id}/?token=${encodeURIComponent(grant.token)}`,
        expire_time: grant.expireTime,
        kind: grant.kind,
        left: grant.quota.left,
      };
    },
  );

  app.get<{ Params: IdParamsT; Querystring: Static<typeof TokenQuery> }>(
    '/api/appendix-download/:id/',
    { schema: { params: IdParams, querystring: TokenQuery } },
    async (request, reply) => {
      const claims = app.content.signer.verify(request.query.token, Math.floor(clock(app).getTime() / 1000));
      if (!claims || claims.kind !== 'appendix' || claims.id !== request.params.id) throw linkExpired();
      const [file] = await app.db.query<{ storage_key: string; ext: string; mime: string; name: string }>(
        `SELECT f.storage_key, f.ext, f.mime, a.name FROM download_records r
           JOIN content_files f ON f.id = r.file_id JOIN blog_appendices a ON a.id = r.appendix_id
          WHERE r.id = $1 AND r.appendix_id = $2`,
        [claims.n, claims.id],
      );
      if (!file) throw linkExpired();
      return sendStored(app, request, reply, {
        key: file.storage_key,
        mime: file.mime,
        disposition: contentDisposition('attachment', file.name, `appendix-${claims.id}.${file.ext}`),
      });
    },
  );

  // ---- preview ----

  const previewOf = async (request: FastifyRequest, id: number) => {
    const row = await visibleDoc(app, request, id);
    const user = currentUser(request);
    let unlocked = user?.id === row.uploader_id;
    if (user && !unlocked) {
      unlocked = (await app.db.query('SELECT 1 FROM docs_purchases WHERE user_id = $1 AND docs_id = $2', [user.id, id])).length > 0;
    }
    return { row, info: previewInfo(row, unlocked) };
  };

  app.get<{ Params: IdParamsT }>(
    '/api/docs-preview-page/:id/',
    {
      schema: {
        params: IdParams,
        response: {
          200: Type.Object({
            id: Type.Integer(),
            type: Type.String(),
            pages: Type.Integer(),
            preview_pages: Type.Integer(),
            limited: Type.Boolean(),
            message: Type.String({ description: '受限时给读者看的说明' }),
          }),
        },
      },
      config: { rateLimit: 'read' },
    },
    async (request) => {
      const { row, info } = await previewOf(request, request.params.id);
      const message =
        info.type === 'none'
          ? '该格式暂不支持在线预览，请下载后阅读'
          : info.limited
            ? `付费文档仅可预览前${info.preview_pages}页，购买后可阅读全文`
            : '';
      return { id: row.id, ...info, message };
    },
  );

  app.get<{ Params: Static<typeof PreviewParams> }>(
    '/api/docs-preview-url/:id/:page/',
    {
      schema: {
        params: PreviewParams,
        response: {
          200: Type.Object({
            id: Type.Integer(),
            page: Type.Integer(),
            type: Type.String(),
            url: Type.String({ description: 'pdf：前 preview_pages 页的 PDF（各页相同）；text/markdown：该页文本' }),
            expire_time: Type.String({ format: 'date-time' }),
          }),
        },
      },
      config: { rateLimit: 'read' },
    },
    async (request) => {
      const { id, page } = request.params;
      const { row, info } = await previewOf(request, id);
      if (info.type === 'none') throw new ApiError(404, 'no_preview', '该格式暂不支持在线预览，请下载后阅读');
      if (page > info.pages) throw new ApiError(404, 'not_found', '页码超出文档页数');
      if (page > info.preview_pages) {
        throw new ApiError(403, 'preview_limit', `付费文档仅可预览前${info.preview_pages}页，购买后可阅读全文`, undefined, {
          docs: row.id,
          price: row.price,
          preview_pages: info.preview_pages,
          pay: { route: currentUser(request) ? PAY_ROUTES.user : PAY_ROUTES.guest, query: { docs: String(row.id) } },
        });
      }
      const exp = Math.floor(clock(app).getTime() / 1000) + PREVIEW_LINK_TTL_S;
      // a PDF link carries how many pages it may show; a text link the one page it shows
      const n = info.type === 'pdf' ? info.preview_pages : page;
      const token = app.content.signer.sign({ kind: 'preview', id, n, exp });
      return { id, page, type: info.type, url: `/api/docs-preview-file/${id}/?token=${encodeURIComponent(token)}`, expire_time: new Date(exp * 1000) };
    },
  );

  app.get<{ Params: IdParamsT; Querystring: Static<typeof TokenQuery> }>(
    '/api/docs-preview-file/:id/',
    { schema: { params: IdParams, querystring: TokenQuery } },
    async (request, reply) => {
      const claims = app.content.signer.verify(request.query.token, Math.floor(clock(app).getTime() / 1000));
      if (!claims || claims.kind !== 'preview' || claims.id !== request.params.id) throw linkExpired();
      const [doc] = await app.db.query<{ storage_key: string; file_id: number; file_type: string; pages: number }>(
        `SELECT f.storage_key, d.file_id, d.file_type, d.pages FROM documents d JOIN content_files f ON f.id = d.file_id
          WHERE d.id = $1`,
        [claims.id],
      );
      if (!doc) throw docNotFound();
      reply.header('Cache-Control', 'private, max-age=300');
      if (doc.file_type === 'pdf') {
        const key = claims.n < doc.pages ? await pdfFirstPages(app.content.storage, doc.file_id, doc.storage_key, claims.n) : doc.storage_key;
        reply.header('Content-Type', 'application/pdf');
        reply.header('Content-Disposition', contentDisposition('inline', `preview-${claims.id}.pdf`, `preview-${claims.id}.pdf`));
        return reply.send(await app.content.storage.read(key));
      }
      const pages = textPages((await app.content.storage.read(doc.storage_key)).toString('utf8'));
      const text = pages[claims.n - 1];
      if (text === undefined) throw new ApiError(404, 'not_found', '页码超出文档页数');
      reply.header('Content-Type', mimeOf(doc.file_type));
      return reply.send(text);
    },
  );

  // ---- download records (login) ----

  const RecordItem = Type.Object({
    id: Type.Integer(),
    docs: DocItem,
    kind: Type.String(),
    create_time: Type.String({ format: 'date-time' }),
  });
  const RecordQuery = Type.Object({ ...PageQuery, docs: Type.Optional(Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER })) });

  app.get<{ Querystring: Static<typeof RecordQuery> }>(
    '/api/docs-down-record/',
    { schema: { querystring: RecordQuery, response: { 200: PageSchema(RecordItem) } }, config: { rateLimit: 'read' } },
    async (request) => {
      const { user } = requireLogin(request);
      const params: unknown[] = [user.id];
      let filter = '';
      if (request.query.docs !== undefined) {
        params.push(request.query.docs);
        filter = `AND r.docs_id = $${params.length}`;
      }
      return paginate(request, {
        count: async () =>
          (await app.db.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM download_records r WHERE r.user_id = $1 AND r.docs_id IS NOT NULL ${filter}`,
            params,
          ))[0].n,
        fetch: async (limit, offset) => {
          const rows = await app.db.query<DocRow & { record_id: number; record_kind: string; record_time: Date }>(
            `SELECT r.id AS record_id, r.kind AS record_kind, r.create_time AS record_time, ${DOC_COLUMNS}
               FROM download_records r JOIN documents d ON d.id = r.docs_id ${DOC_VIEWS_JOIN}
              WHERE r.user_id = $1 ${filter} ORDER BY r.create_time DESC, r.id DESC
              LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
            [...params, limit, offset],
          );
          return (await fillNames(app, rows)).map((r) => ({
            id: r.record_id,
            docs: docItem(r),
            kind: r.record_kind,
            create_time: r.record_time as unknown as string,
          }));
        },
      });
    },
  );

  app.get<{ Querystring: Static<typeof RecordQuery> }>(
    '/api/docs-down-history-record/',
    { schema: { querystring: Type.Object({ ...PageQuery }), response: { 200: PageSchema(RecordItem) } }, config: { rateLimit: 'read' } },
    async (request) => {
      const { user } = requireLogin(request);
      return paginate(request, {
        count: async () =>
          (await app.db.query<{ n: number }>(
            'SELECT count(DISTINCT docs_id)::int AS n FROM download_records WHERE user_id = $1 AND docs_id IS NOT NULL',
            [user.id],
          ))[0].n,
        fetch: async (limit, offset) => {
          const rows = await app.db.query<DocRow & { record_id: number; record_kind: string; record_time: Date }>(
            `SELECT r.id AS record_id, r.kind AS record_kind, r.create_time AS record_time, ${DOC_COLUMNS}
               FROM (SELECT DISTINCT ON (docs_id) id, docs_id, kind, create_time FROM download_records
                      WHERE user_id = $1 AND docs_id IS NOT NULL ORDER BY docs_id, create_time DESC, id DESC) r
               JOIN documents d ON d.id = r.docs_id ${DOC_VIEWS_JOIN}
              ORDER BY r.create_time DESC, r.id DESC LIMIT $2 OFFSET $3`,
            [user.id, limit, offset],
          );
          return (await fillNames(app, rows)).map((r) => ({
            id: r.record_id,
            docs: docItem(r),
            kind: r.record_kind,
            create_time: r.record_time as unknown as string,
          }));
        },
      });
    },
  );

  app.get(
    '/api/docs-down-statistics/',
    {
      schema: {
        response: {
          200: Type.Object({
            today: Type.Integer({ description: '今日下载次数' }),
            total: Type.Integer({ description: '累计下载次数' }),
            free_total: Type.Integer({ description: '每日免费下载次数' }),
            free_left: Type.Integer({ description: '今日剩余免费下载次数' }),
            uploaded_downloads: Type.Integer({ description: '我上传的文档被下载的总次数' }),
          }),
        },
      },
      config: { rateLimit: 'read' },
    },
    async (request, reply) => {
      const { user } = requireActiveUser(request);
      const now = clock(app);
      const quota = await freeQuota(app.db, requester(request, reply, false), now);
      const [row] = await app.db.query<{ today: number; total: number; uploaded: number }>(
        `SELECT (SELECT count(*) FROM download_records WHERE user_id = $1 AND create_time >= $2)::int AS today,
                (SELECT count(*) FROM download_records WHERE user_id = $1)::int AS total,
                (SELECT coalesce(sum(downloads), 0) FROM documents WHERE uploader_id = $1)::int AS uploaded`,
        [user.id, startOfDay(now)],
      );
      return { today: row.today, total: row.total, free_total: quota.total, free_left: quota.left, uploaded_downloads: row.uploaded };
    },
  );
}
