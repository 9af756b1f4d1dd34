import { open, stat } from 'node:fs/promises';
import { extname } from 'node:path';
import { mimeOf } from '../storage/file-types';
import { ARCHIVE_REASONS, CorruptArchive, judgeEntries, readRarDirectory, readZipDirectory, readZipEntries, type ArchiveEntry } from './archive';
import { oleContent, oleStreamNames } from './ole';
import { pdfProblem } from './pdf';
import { KIND_NAMES, kindOfHead, textEncoding } from './sniff';
import { EXT_CATE_OF, UPLOAD_TYPES, type InspectResult, type UploadType } from './types';

const OLE_CORRUPT = '文件已损坏（无法读取 Office 文档结构）';
const OLE_UNKNOWN = '文件内容与扩展名不符（不是 Word、Excel、PowerPoint 或 WPS 文件）';

const fail = (reason: string): InspectResult => ({ ok: false, reason });
const mismatch = (actual: string): InspectResult => fail(`文件内容与扩展名不符（实际为${actual}）`);
const accept = (type: UploadType): InspectResult => ({ ok: true, type, ext: type, mime: mimeOf(type), extCate: EXT_CATE_OF[type] });

/** The allowed kind a file name claims (jpeg is jpg), or null. */
export function declaredType(declaredName: string): UploadType | null {
  const ext = extname(declaredName).slice(1).toLowerCase();
  const type = ext === 'jpeg' ? 'jpg' : ext;
  return (UPLOAD_TYPES as readonly string[]).includes(type) ? (type as UploadType) : null;
}

/**
 * What an uploaded file is, by its content: magic bytes first, then the directory of a container (zip central
 * directory, OLE2 streams, rar headers) read without inflating or opening anything. The declared name's
 * extension must agree; executables, encrypted, corrupt and empty files are refused with a Chinese reason.
 */
export async function inspectUpload(file: string, declaredName: string): Promise<InspectResult> {
  const declared = declaredType(declaredName);
  if (!declared) return fail(`不支持的文件类型（${extname(declaredName) || '无扩展名'}）`);
  const head = await readHead(file);
  if (!head) return fail('文件不存在或无法读取');
  if (head.length === 0) return fail('文件为空');
  const kind = kindOfHead(head);
  switch (kind) {
    case 'exe':
      return mismatch(KIND_NAMES.exe);
    case 'pdf': {
      if (declared !== 'pdf') return mismatch(KIND_NAMES.pdf);
      const problem = await pdfProblem(file);
      return problem ? fail(problem) : accept('pdf');
    }
    case 'zip':
      return inspectZip(file, declared);
    case 'ole':
      return inspectOle(file, declared);
    case 'rar':
      return declared === 'rar' ? inspectRar(file) : mismatch(KIND_NAMES.rar);
    case 'rtf':
      // Word saves RTF under .doc as often as under .rtf; LibreOffice reads it by content either way
      return declared === 'rtf' || declared === 'doc' || declared === 'wps' ? accept('rtf') : mismatch(KIND_NAMES.rtf);
    case 'png':
    case 'jpg':
      return declared === kind ? accept(kind) : mismatch(KIND_NAMES[kind]);
    default:
      return inspectText(file, declared);
  }
}

async function readHead(file: string): Promise<Buffer | null> {
  try {
    if (!(await stat(file)).isFile()) return null;
    const fh = await open(file, 'r');
    try {
      const buffer = Buffer.alloc(64);
      const { bytesRead } = await fh.read(buffer, 0, 64, 0);
      return buffer.subarray(0, bytesRead);
    } finally {
      await fh.close();
    }
  } catch {
    return null;
  }
}

async function inspectText(file: string, declared: UploadType): Promise<InspectResult> {
  const encoding = await textEncoding(file);
  if (declared === 'txt' || declared === 'md') return encoding ? accept(declared) : fail('文件内容与扩展名不符（不是文本文件）');
  return encoding ? mismatch(KIND_NAMES.text) : fail('无法识别的文件内容（不是允许上传的文件类型）');
}

async function inspectZip(file: string, declared: UploadType): Promise<InspectResult> {
  let entries: ArchiveEntry[];
  try {
    const dir = await readZipDirectory(file);
    if (dir.tooMany) return fail(ARCHIVE_REASONS.tooMany);
    entries = dir.entries;
  } catch (err) {
    if (err instanceof CorruptArchive) return fail(ARCHIVE_REASONS.corrupt);
    throw err;
  }
  const problem = judgeEntries(entries);
  if (problem) return fail(problem);
  if (declared === 'zip') return entries.length ? accept('zip') : fail('压缩包为空');
  let actual: UploadType;
  try {
    actual = await zipKind(file, entries);
  } catch (err) {
    if (err instanceof CorruptArchive) return fail(ARCHIVE_REASONS.corrupt);
    throw err;
  }
  return actual === declared ? accept(actual) : mismatch(KIND_NAMES[actual]);
}

/** docx/pptx/xlsx by their OOXML parts, odt/epub by the `mimetype` entry; anything else is a plain zip. */
async function zipKind(file: string, entries: ArchiveEntry[]): Promise<UploadType> {
  const names = new Set(entries.map((e) => e.name));
  const under = (prefix: string): boolean => entries.some((e) => e.name.startsWith(prefix));
  if (names.has('[Content_Types].xml')) {
    if (under('word/')) return 'docx';
    if (under('ppt/')) return 'pptx';
    if (under('xl/')) return 'xlsx';
    return 'zip';
  }
  if (!names.has('mimetype')) return 'zip';
  const found = await readZipEntries(file, (n) => n === 'mimetype', 200);
  const mimetype = found.get('mimetype')?.toString('ascii').trim();
  if (mimetype === 'application/vnd.oasis.opendocument.text') return 'odt';
  if (mimetype === 'application/epub+zip') return 'epub';
  return 'zip';
}

async function inspectOle(file: string, declared: UploadType): Promise<InspectResult> {
  let names: string[];
  const fh = await open(file, 'r');
  try {
    names = await oleStreamNames(fh);
  } catch {
    return fail(OLE_CORRUPT);
  } finally {
    await fh.close();
  }
  const content = oleContent(names);
  if (content === 'encrypted') return fail(ARCHIVE_REASONS.encrypted);
  // other compound files (MSI installers, Outlook messages, Visio…) are none of the allowed kinds
  if (content === 'unknown') return fail(OLE_UNKNOWN);
  const fits: Record<typeof content, readonly UploadType[]> = { word: ['doc', 'wps'], excel: ['xls'], powerpoint: ['ppt'], works: ['wps'] };
  if (fits[content].includes(declared)) return accept(declared);
  return mismatch(KIND_NAMES[{ word: 'doc', excel: 'xls', powerpoint: 'ppt', works: 'wps' }[content]]);
}

async function inspectRar(file: string): Promise<InspectResult> {
  try {
    const dir = await readRarDirectory(file);
    if (dir.encrypted) return fail(ARCHIVE_REASONS.encrypted);
    if (dir.tooMany) return fail(ARCHIVE_REASONS.tooMany);
    const problem = judgeEntries(dir.entries);
    if (problem) return fail(problem);
    return dir.entries.length ? accept('rar') : fail('压缩包为空或已损坏');
  } catch (err) {
    if (err instanceof CorruptArchive) return fail(ARCHIVE_REASONS.corrupt);
    throw err;
  }
}
