import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { UserRow } from '../../accounts/users';
import { ApiError } from '../../../core/http/errors';
import { parseMultipart, type UploadedFile } from '../../../core/http/multipart';
import type { PaginateOptions } from '../../../core/http/pagination';
import { detectFileType } from '../../../infra/storage/file-types';
import { APPENDIX_MAX_BYTES, APPENDIX_MAX_PER_BLOG, APPENDIX_MAX_PRICE, isPublicBlog, UPLOAD_EXTENSIONS } from '../constants';
import { blogNotFound, visibleBlog } from '../load';
import * as repo from '../repositories/appendices';
import { releaseFile } from '../repositories/files';
import { completeDeletions } from '../file-sweeper';

const MB = 1024 * 1024;
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

/** What an upload asks for, checked: the blog, the price, the file and the name it is shown by. */
interface AppendixUpload {
  blogId: number;
  price: number;
  checked: ReturnType<typeof checkedFile>;
  displayName: string;
}

/** The fields and the file of a multipart upload, checked before anything is read from the database. */
export function parseUpload(body: unknown, contentType: string | undefined): AppendixUpload {
  if (!Buffer.isBuffer(body)) throw new ApiError(415, 'unsupported_media_type', '请以 multipart/form-data 方式上传附件');
  const { fields, files } = parseMultipart(body, contentType, { maxParts: 8, maxFieldBytes: 2048 });
  const blogId = positiveInt(textField(fields, 'blogs'), 'blogs', '博客 id 不正确');
  if (blogId === undefined) throw refuse('invalid', '请指定附件所属的博客', 'blogs');
  const price = positiveInt(textField(fields, 'price'), 'price', '价格不正确', APPENDIX_MAX_PRICE) ?? 0;
  const checked = checkedFile(files);
  const displayName = textField(fields, 'name')?.replace(CONTROL_CHARS, '') ?? checked.name;
  if ([...displayName].length > 255) throw refuse('invalid', '附件名称不能超过255个字符', 'name');
  return { blogId, price, checked, displayName };
}

/** The blog must be the uploader's own; someone else's unpublished blog is not there, as everywhere else. */
async function ownBlog(app: FastifyInstance, userId: number, blogId: number): Promise<void> {
  const blog = await repo.blogAuthorAndStatus(app.db, blogId);
  if (!blog || (blog.author_id !== userId && !isPublicBlog(blog.status))) throw blogNotFound();
  if (blog.author_id !== userId) throw new ApiError(403, 'permission_denied', '只能为自己的文章上传附件');
}

/**
 * Stores an upload: the blog is checked first, so that a stranger's upload never reaches the disk; the file is
 * stored under a generated key, then its rows written in one transaction. When anything fails the stored file is
 * deleted again, so a failed upload leaves neither file nor row.
 */
export async function storeAppendix(app: FastifyInstance, request: FastifyRequest, user: UserRow, upload: AppendixUpload): Promise<repo.AppendixRow> {
  const { blogId, checked } = upload;
  await ownBlog(app, user.id, blogId);
  const stored = await app.content.storage.put('appendix', checked.file.data);
  try {
    const row = await app.db.transaction(async (tx) => {
      await repo.lockBlog(tx, blogId);
      if ((await repo.countAppendices(tx, blogId)) >= APPENDIX_MAX_PER_BLOG) {
        throw refuse('too_many_appendices', `每篇文章最多上传 ${APPENDIX_MAX_PER_BLOG} 个附件`);
      }
      const fileId = await repo.insertFile(tx, { ...stored, originalName: checked.name, ext: checked.ext, mime: checked.mime });
      const id = await repo.insertAppendix(tx, { blogId, fileId, uploaderId: user.id, name: upload.displayName, price: upload.price });
      return repo.appendixById(tx, id);
    });
    app.content.rows.changed('blogs', blogId); // the blog's list item shows how many appendices it has
    return row;
  } catch (err) {
    await app.content.storage.delete(stored.key).catch((e: unknown) => request.log.error({ err: e }, 'orphan appendix file not deleted'));
    throw err;
  }
}

/** The appendices of a blog the requester may see, as a page source. */
export async function appendixPages(app: FastifyInstance, request: FastifyRequest, blogId: number): Promise<PaginateOptions<repo.AppendixRow>> {
  const blog = await visibleBlog(app, request, blogId);
  return {
    count: () => repo.countAppendices(app.db, blog.id),
    fetch: (limit, offset) => repo.listAppendices(app.db, blog.id, limit, offset),
  };
}

/**
 * Deletes an appendix of the user's blog or upload. Its row, its download records and its file row go in one
 * transaction that queues the stored file's deletion (file_deletions); the file is then deleted at once, or by
 * the next sweep when that fails or the process stops in between (file-sweeper.ts).
 */
export async function deleteAppendix(app: FastifyInstance, request: FastifyRequest, userId: number, id: number): Promise<void> {
  const row = await repo.appendixOwners(app.db, id);
  if (!row) throw new ApiError(404, 'not_found', '附件不存在或已被删除');
  if (row.author_id !== userId && row.uploader_id !== userId) throw new ApiError(403, 'permission_denied', '只能删除自己文章的附件');
  const queued = await app.db.transaction(async (tx) => {
    const fileId = await repo.deleteAppendix(tx, id);
    return fileId === null ? null : releaseFile(tx, fileId);
  });
  app.content.rows.changed('blogs', row.blogs_id);
  if (!queued) return;
  await completeDeletions(app.db, app.content.storage, [queued], (err) => request.log.warn({ err }, 'appendix file left to the sweeper'));
}
