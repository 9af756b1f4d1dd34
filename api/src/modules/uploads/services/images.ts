import type { StoredImage } from 'contracts';
import type { FastifyInstance } from 'fastify';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { ApiError, invalid } from '../../../core/http/errors';
import { parseMultipart } from '../../../core/http/multipart';
import { IMG_PURPOSES } from 'contracts';
import { LIMITS } from '../config';
import * as docs from '../repositories/docs';
import * as images from '../repositories/images';

/**
 * img-storage: an image is decoded to pixels and encoded again (PNG stays PNG, JPEG stays JPEG), so nothing but
 * pixels survives: no EXIF, no text chunks, no bytes after the image's end. Pure JavaScript (pngjs, jpeg-js).
 */

const refuse = (message: string) => invalid({ file: [message] }, message);
const isPng = (b: Buffer) => b.length > 8 && b.readUInt32BE(0) === 0x89504e47;
const isJpeg = (b: Buffer) => b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff;

interface Pixels {
  width: number;
  height: number;
  data: Buffer;
}

function checkSide(width: number, height: number): void {
  const max = LIMITS.imgStorageMaxSide;
  if (width < 1 || height < 1 || width > max || height > max) throw refuse(`图片尺寸不能超过${max}x${max}像素`);
}

/** The PNG up to the end of its IEND chunk: bytes after the image (a payload glued on) are not the image's. */
function pngUpToEnd(bytes: Buffer): Buffer {
  let at = 8;
  while (at + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(at);
    const end = at + 12 + length;
    if (bytes.toString('latin1', at + 4, at + 8) === 'IEND') return bytes.subarray(0, end);
    at = end;
  }
  throw refuse('图片已损坏，无法读取');
}

/** Decodes to RGBA pixels; the dimensions are read and checked before the pixels are allocated. */
function decode(bytes: Buffer): { kind: 'png' | 'jpg'; pixels: Pixels } {
  try {
    if (isPng(bytes)) {
      checkSide(bytes.readUInt32BE(16), bytes.readUInt32BE(20));
      const png = PNG.sync.read(pngUpToEnd(bytes));
      return { kind: 'png', pixels: { width: png.width, height: png.height, data: png.data } };
    }
    if (isJpeg(bytes)) {
      const raw = jpeg.decode(bytes, { useTArray: true, maxResolutionInMP: (LIMITS.imgStorageMaxSide * LIMITS.imgStorageMaxSide) / 1e6, maxMemoryUsageInMB: 256 });
      checkSide(raw.width, raw.height);
      return { kind: 'jpg', pixels: { width: raw.width, height: raw.height, data: Buffer.from(raw.data) } };
    }
  } catch (err) {
    if (err instanceof ApiError) throw err;
    throw refuse('图片已损坏，无法读取');
  }
  throw refuse('只支持 JPG、PNG 格式的图片');
}

function encode(kind: 'png' | 'jpg', p: Pixels): Buffer {
  if (kind === 'png') return PNG.sync.write(Object.assign(new PNG({ width: p.width, height: p.height }), { data: p.data }));
  return Buffer.from(jpeg.encode({ width: p.width, height: p.height, data: p.data }, 90).data);
}

/** Re-encodes an image's pixels (exported for the tests of what survives). */
export function reencode(bytes: Buffer): { kind: 'png' | 'jpg'; width: number; height: number; bytes: Buffer } {
  const { kind, pixels } = decode(bytes);
  return { kind, width: pixels.width, height: pixels.height, bytes: encode(kind, pixels) };
}

export async function storeImage(app: FastifyInstance, userId: number, body: unknown, contentType: string | undefined): Promise<StoredImage> {
  if (!Buffer.isBuffer(body)) throw new ApiError(415, 'unsupported_media_type', '请以 multipart/form-data 方式上传图片');
  const { fields, files } = parseMultipart(body, contentType, { maxParts: 4, maxFieldBytes: 64 });
  const file = files.find((f) => f.field === 'file');
  if (!file) throw refuse('请选择图片');
  if (file.data.length === 0) throw refuse('文件为空');
  if (file.data.length > LIMITS.imgStorageMaxSize) throw refuse('图片大小不能超过5MB');
  const purpose = fields.get('purpose') ?? '';
  if (purpose !== '' && !(IMG_PURPOSES as readonly string[]).includes(purpose)) throw invalid({ purpose: ['用途无效'] }, '用途无效');
  const image = reencode(file.data);
  const stored = await app.content.storage.put('images', image.bytes);
  const mime = image.kind === 'png' ? 'image/png' : 'image/jpeg';
  try {
    const id = await app.db.transaction(async (tx) => {
      const fileId = await docs.insertFile(tx, { storage_key: stored.key, original_name: `image.${image.kind}`, ext: image.kind, mime, size: stored.size, sha256: stored.sha256 }, app.now());
      return images.insertImage(tx, { userId, fileId, purpose, width: image.width, height: image.height }, app.now());
    });
    return { id: Number(id), url: `/api/img-storage/${id}/`, width: image.width, height: image.height, size: stored.size };
  } catch (err) {
    await app.content.storage.delete(stored.key);
    throw err;
  }
}

export async function imageToSend(app: FastifyInstance, id: number): Promise<{ bytes: Buffer; mime: string }> {
  const row = await images.imageFile(app.db, id);
  if (!row) throw new ApiError(404, 'not_found', '图片不存在');
  return { bytes: await app.content.storage.read(row.storage_key), mime: row.mime };
}

export async function coverToSend(app: FastifyInstance, id: number, derivedKey: (fileId: number, name: string) => string): Promise<Buffer> {
  const fileId = await docs.coverFileId(app.db, id);
  if (fileId === undefined) throw new ApiError(404, 'not_found', '封面不存在');
  return app.content.storage.read(derivedKey(fileId, 'cover.png'));
}
