import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { requireActiveUser } from '../../accounts/guards';
import { ApiError } from '../../../core/http/errors';
import { acceptMultipart, parseMultipart, type UploadedFile } from '../../../core/http/multipart';
import { PageQuery, PageSchema, paginate } from '../../../core/http/pagination';
import { APPENDIX_MAX_BYTES, APPENDIX_MAX_PER_BLOG, APPENDIX_MAX_PRICE, UPLOAD_EXTENSIONS } from '../constants';
import { blogNotFound, visibleBlog } from '../load';
import { IdParams, type IdParamsT } from '../serialize';
import { detectFileType } from '../../../infra/storage/file-types';

const AppendixQuery = Type.Object({ ...PageQuery, blogs: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }) });
const Appendix = Type.Object({
  id: Type.Integer(),
  blogs: Type.Integer(),
  name: Type.String(),
  file_type: Type.String(),
  size: Type.Integer(),
  price: Type.Integer(),
  is_free: Type.Boolean(),
  downloads: Type.Integer(),
  create_time: Type.String({ format: 'date-time' }),
});
type AppendixT = Static<typeof Appendix>;

const APPENDIX_COLUMNS = `a.id, a.blogs_id AS blogs, a.name, f.ext AS file_type, f.size, a.price, (a.price = 0) AS is_free,
  a.downloads, a.create_time`;
const MB = 1024 * 1024;
/** Room for the multipart framing and the text fields around the file. */
const FRAMING_BYTES = 64 * 1024;
const TYPES_TEXT = UPLOAD_EXTENSIONS.join('、');
const CONTROL_CHARS = /\p{Cc}/gu;

const refuse = (code: string, message: string, field = 'file') => new ApiError(400, code, message, { [field]: [message] });

/** The one file of an upload, checked: present, a name, an allowed extension its bytes agree with, a size. */
function checkedFile(files: UploadedFile[]): { file: UploadedFile; name: string; ext: string; mime: string } {
  if (files.length === 0) throw refuse('file_required', '请选择要上传的附件');
  if (files.length > 1) throw refuse('too_many_files', '一次只能上传一个附件');
  const [file] = files;
  const name = file.filename.normalize('NFC').replace(CONTROL_CHARS, '').trim();
  if (!name || [...name].length > 255) throw refuse('invalid_file_name', '附件文件名不能为空，且不能超过255个字符');
  const ext = /\.([A-Za-z0-9]{1,8})$/.exec(name)?.[1].toLowerCase() ?? '';
  if (!(UPLOAD_EXTENSIONS as readonly string[]).includes(ext)) throw refuse('file_type_not_allowed', `不支持该文件类型，仅支持：${TYPES_TEXT}`);
  if (file.data.length === 0) throw refuse('file_empty', '附件内容为空');
  if (file.data.length > APPENDIX_MAX_BYTES) throw refuse('file_too_large', `附件不能超过 ${APPENDIX_MAX_BYTES / MB} MB`);
  const type = detectFileType(file.data, ext);
  if (!type) throw refuse('file_type_mismatch', '文件内容与扩展名不符，请上传真实的文档、图片或压缩包');
  return { file, name, ext: type.ext, mime: type.mime };
}

function textField(fields: Map<string, string>, name: string): string | undefined {
  const value = fields.get(name)?.trim();
  return value === '' ? undefined : value;
}

function positiveInt(value: string | undefined, field: string, message: string, max = Number.MAX_SAFE_INTEGER): number | undefined {
  if (value === undefined) return undefined;
  if (!/^[0-9]{1,16}$/.test(value) || Number(value) > max) throw refuse('invalid', message, field);
  return Number(value);
}

/**
 * Blog appendices (SPEC §7 "Blogs": blogs-appendix-storage): list, upload (multipart, by the blog's author) and
 * delete. An upload is stored under a generated key first and its rows written in one transaction after; when
 * anything fails the stored file is deleted again, so a failed upload leaves neither file nor row.
 */
export async function appendixRoutes(app: FastifyInstance): Promise<void> {
  acceptMultipart(app);

  app.get<{ Querystring: Static<typeof AppendixQuery> }>(
    '/api/blogs-appendix-storage/',
    { schema: { querystring: AppendixQuery, response: { 200: PageSchema(Appendix) } }, config: { rateLimit: 'read' } },
    async (request) => {
      const blog = await visibleBlog(app, request, request.query.blogs);
      return paginate(request, {
        count: async () => (await app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM blog_appendices WHERE blogs_id = $1', [blog.id]))[0].n,
        fetch: (limit, offset) =>
          app.db.query<AppendixT>(
            `SELECT ${APPENDIX_COLUMNS} FROM blog_appendices a JOIN content_files f ON f.id = a.file_id WHERE a.blogs_id = $1
              ORDER BY a.id LIMIT $2 OFFSET $3`,
            [blog.id, limit, offset],
          ),
      });
    },
  );

  app.post(
    '/api/blogs-appendix-storage/',
    {
      bodyLimit: APPENDIX_MAX_BYTES + FRAMING_BYTES,
      config: { rateLimit: 'account' },
      schema: {
        summary: '上传博客附件（multipart/form-data：blogs 博客 id，file 文件，可选 name 显示名、price 价格（分））',
        consumes: ['multipart/form-data'],
        response: { 201: Appendix },
      },
    },
    async (request, reply) => {
      const { user } = requireActiveUser(request);
      if (!Buffer.isBuffer(request.body)) {
        throw new ApiError(415, 'unsupported_media_type', '请以 multipart/form-data 方式上传附件');
      }
      const { fields, files } = parseMultipart(request.body, request.headers['content-type'], { maxParts: 8, maxFieldBytes: 2048 });
      const blogId = positiveInt(textField(fields, 'blogs'), 'blogs', '博客 id 不正确');
      if (blogId === undefined) throw refuse('invalid', '请指定附件所属的博客', 'blogs');
      const price = positiveInt(textField(fields, 'price'), 'price', '价格不正确', APPENDIX_MAX_PRICE) ?? 0;
      const checked = checkedFile(files);
      const displayName = textField(fields, 'name')?.replace(CONTROL_CHARS, '') ?? checked.name;
      if ([...displayName].length > 255) throw refuse('invalid', '附件名称不能超过255个字符', 'name');

      // the blog first, so that a stranger's upload never reaches the disk
      const [blog] = await app.db.query<{ author_id: number; status: number }>('SELECT author_id, status FROM blogs WHERE id = $1', [blogId]);
      // someone else's unpublished blog is not there, as everywhere else
      if (!blog || (blog.author_id !== user.id && blog.status !== 1)) throw blogNotFound();
      if (blog.author_id !== user.id) throw new ApiError(403, 'permission_denied', '只能为自己的文章上传附件');

      const stored = await app.content.storage.put('appendix', checked.file.data);
      try {
        const row = await app.db.transaction(async (tx) => {
          // the blog row locked: two uploads at once cannot both take the last place
          await tx.query('SELECT id FROM blogs WHERE id = $1 FOR UPDATE', [blogId]);
          const [{ n }] = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM blog_appendices WHERE blogs_id = $1', [blogId]);
          if (n >= APPENDIX_MAX_PER_BLOG) throw refuse('too_many_appendices', `每篇文章最多上传 ${APPENDIX_MAX_PER_BLOG} 个附件`);
          const [file] = await tx.query<{ id: number }>(
            `INSERT INTO content_files (storage_key, original_name, ext, mime, size, sha256)
             VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
            [stored.key, checked.name, checked.ext, checked.mime, stored.size, stored.sha256],
          );
          const [appendix] = await tx.query<{ id: number }>(
            'INSERT INTO blog_appendices (blogs_id, file_id, uploader_id, name, price) VALUES ($1, $2, $3, $4, $5) RETURNING id',
            [blogId, file.id, user.id, displayName, price],
          );
          const [out] = await tx.query<AppendixT>(
            `SELECT ${APPENDIX_COLUMNS} FROM blog_appendices a JOIN content_files f ON f.id = a.file_id WHERE a.id = $1`,
            [appendix.id],
          );
          return out;
        });
        return reply.code(201).send(row);
      } catch (err) {
        await app.content.storage.delete(stored.key).catch((e: unknown) => request.log.error({ err: e }, 'orphan appendix file not deleted'));
        throw err;
      }
    },
  );

  app.delete<{ Params: IdParamsT }>(
    '/api/blogs-appendix-storage/:id/',
    { schema: { params: IdParams } },
    async (request, reply) => {
      const { user } = requireActiveUser(request);
      const [row] = await app.db.query<{ uploader_id: number; author_id: number }>(
        'SELECT a.uploader_id, b.author_id FROM blog_appendices a JOIN blogs b ON b.id = a.blogs_id WHERE a.id = $1',
        [request.params.id],
      );
      if (!row) throw new ApiError(404, 'not_found', '附件不存在或已被删除');
      if (row.author_id !== user.id && row.uploader_id !== user.id) throw new ApiError(403, 'permission_denied', '只能删除自己文章的附件');
      // the file row stays while download records point at it; the appendix itself goes
      await app.db.query('DELETE FROM blog_appendices WHERE id = $1', [request.params.id]);
      return reply.code(204).send();
    },
  );
}
