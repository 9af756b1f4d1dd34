// placeholder until the converter library lands
import { open, readFile } from 'node:fs/promises';
import path from 'node:path';

/** What an upload is, decided by its content. */
export type UploadType = 'pdf' | 'doc' | 'docx' | 'rtf' | 'wps' | 'odt' | 'ppt' | 'pptx' | 'xls' | 'xlsx' | 'epub' | 'txt' | 'md' | 'jpg' | 'png' | 'zip' | 'rar';

export type InspectResult = { ok: true; type: UploadType; ext: string; mime: string; extCate: string } | { ok: false; reason: string };

export interface ConversionResult {
  previewPdf: string | null;
  pages: number;
  text: string;
  cover: string | null;
  thumbnails: string[];
  entries?: { name: string; size: number }[];
}

export interface ConvertInput {
  file: string;
  type: UploadType;
  workDir: string;
  timeoutMs: number;
  onProgress(stage: string, percent: number): void;
}

/** A conversion that cannot succeed, with the Chinese reason the uploader reads. */
export class ConversionError extends Error {
  readonly reason: string;
  constructor(reason: string) {
    super(reason);
    this.name = 'ConversionError';
    this.reason = reason;
  }
}

const startsWith = (head: Buffer, bytes: number[]) => bytes.every((b, i) => head[i] === b);

/** The type of a file by its first bytes and name (pdf, png, jpg by magic bytes; txt and md: UTF-8 text). */
export async function inspectUpload(file: string, declaredName: string): Promise<InspectResult> {
  const ext = path.extname(declaredName).slice(1).toLowerCase();
  const handle = await open(file, 'r');
  const head = Buffer.alloc(4096);
  const { bytesRead } = await handle.read(head, 0, head.length, 0).finally(() => handle.close());
  const bytes = head.subarray(0, bytesRead);
  if (bytesRead === 0) return { ok: false, reason: '文件为空' };
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46]) && ext === 'pdf') return { ok: true, type: 'pdf', ext, mime: 'application/pdf', extCate: 'pdf' };
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47]) && ext === 'png') return { ok: true, type: 'png', ext, mime: 'image/png', extCate: 'other' };
  if (startsWith(bytes, [0xff, 0xd8, 0xff]) && (ext === 'jpg' || ext === 'jpeg')) return { ok: true, type: 'jpg', ext: 'jpg', mime: 'image/jpeg', extCate: 'other' };
  if ((ext === 'txt' || ext === 'md') && !bytes.includes(0)) {
    return { ok: true, type: ext, ext, mime: ext === 'md' ? 'text/markdown; charset=utf-8' : 'text/plain; charset=utf-8', extCate: 'other' };
  }
  return { ok: false, reason: '文件内容与扩展名不符或格式不受支持' };
}

/** pdf: its page count (pdf-lib); txt and md: their own preview, text read as is. */
export async function convertDocument(input: ConvertInput): Promise<ConversionResult> {
  input.onProgress('converting', 10);
  if (input.type === 'pdf') {
    const { PDFDocument } = await import('pdf-lib');
    try {
      const pdf = await PDFDocument.load(await readFile(input.file), { updateMetadata: false });
      return { previewPdf: null, pages: pdf.getPageCount(), text: '', cover: null, thumbnails: [] };
    } catch {
      throw new ConversionError('PDF 文件已损坏，无法读取');
    }
  }
  if (input.type === 'txt' || input.type === 'md') {
    const text = (await readFile(input.file)).toString('utf8');
    return { previewPdf: null, pages: Math.max(1, Math.ceil(text.length / 2000)), text, cover: null, thumbnails: [] };
  }
  throw new ConversionError('暂不支持转换该格式');
}

/** Whether office conversion (LibreOffice) is available. */
export function converterStatus(): { ready: boolean; message: string } {
  return { ready: false, message: '文档转换服务未安装，Office 文档将等待转换' };
}
