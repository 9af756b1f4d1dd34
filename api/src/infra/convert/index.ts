/**
 * The converter library of uploads (no database, no Fastify): what a file is, and its preview.
 *
 * - inspectUpload(file, declaredName): the kind by content (magic bytes; OLE2 stream names tell doc/xls/ppt/wps
 *   apart; a zip's central directory tells docx/pptx/xlsx by their parts and odt/epub by `mimetype`), read before
 *   anything is opened or inflated. Refused with a Chinese reason: a declared extension the content disagrees with
 *   (executables — MZ, ELF, Mach-O, #! scripts — always), empty, corrupt (broken zip/OLE directory, a PDF without
 *   startxref/%%EOF or that pdfinfo cannot read), encrypted (zip entry flag, OLE EncryptedPackage, PDF /Encrypt),
 *   and archives over the limits (10000 entries, 1 GB uncompressed, an entry of 100 KB or more compressed over 200
 *   times, a name that is absolute, has a `..` step, a backslash, a drive letter or a control character). Nested
 *   archives are only listed. Text is UTF-8 or GB18030 without NUL bytes; an RTF named .doc is accepted as rtf.
 * - convertDocument(input): office kinds → PDF with LibreOffice headless (a fresh profile per job, its own process
 *   group, SIGKILL to the group at timeoutMs: '转换超时（超过N秒）'); txt/md/epub (spine order) → PDF drawn by
 *   pdfkit with the bundled CJK font; jpg/png → a one-page PDF; then pdfinfo (pages; pdf-lib without poppler),
 *   pdftotext -layout (text; '' and a note without poppler), pdftoppm (thumbnails of the first 3 pages at 48 dpi,
 *   a 600 px cover). zip/rar: the entry list, no preview. Outputs go under workDir; the caller removes it.
 *   Text is kept up to 2 million characters (read from the head of a file; a txt preview draws 400k); `notes` says
 *   in Chinese what was skipped for a missing tool. ConversionError.code: 'timeout', 'converter_missing' (no
 *   LibreOffice: the job may wait and retry) or 'failed'.
 * - converterStatus(): whether LibreOffice is on PATH, with the Chinese message the upload page shows.
 * Measured here (2 cores, cold profile per job): a docx/pptx/xlsx/odt/doc of 1-2 pages 3-5 s, a 20-page docx 4.4 s,
 * two at once 4.8 s; a 100-page PDF 0.3 s; txt/md/epub/images 0.1-0.5 s.
 */
import { officeProgram } from './office';
import { which } from './tools';

export { inspectUpload } from './inspect';
export { convertDocument } from './convert';
export { ConversionError, EXT_CATE_OF, type ConversionErrorCode, type ConversionInput, type ConversionResult, type UploadType } from './types';

const INSTALL = 'apt-get install libreoffice-writer-nogui libreoffice-calc-nogui libreoffice-impress-nogui poppler-utils';

/** Whether office files can be converted now, and what the upload page says about it. */
export function converterStatus(): { ready: boolean; message: string } {
  const office = officeProgram() !== null;
  const poppler = which('pdfinfo') !== null && which('pdftotext') !== null && which('pdftoppm') !== null;
  if (office && poppler) return { ready: true, message: '文档转换服务已就绪' };
  if (office) return { ready: true, message: `文档转换服务已就绪，但服务器未安装 poppler-utils：不提取文字、不生成缩略图（管理员可执行 ${INSTALL} 启用）` };
  return {
    ready: false,
    message: `文档转换服务暂未启用：Word、Excel、PowerPoint 等 Office 文件上传后将等待转换，PDF、文本、图片不受影响。管理员可执行 ${INSTALL} 启用转换`,
  };
}
