import { open, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { TextDecoder } from 'node:util';
import { runTool, which } from './tools';

/** Text kept of a document (search and the description need far less; a 5000-page file stays bounded). */
export const TEXT_MAX_CHARS = 2_000_000;
/** Pages that get a thumbnail. */
export const THUMBNAIL_PAGES = 3;

export const PDF_REASONS = {
  corrupt: '文件已损坏（PDF 文件不完整或结构错误）',
  encrypted: '文件已加密，无法预览（请上传未加密的 PDF）',
} as const;

/** Bytes of text read from a file at most: TEXT_MAX_CHARS characters of 1 to 4 bytes (never a 200 MB string). */
export const TEXT_MAX_BYTES = 4 * TEXT_MAX_CHARS;

/** The first `bytes` bytes of a file. */
export async function head(file: string, bytes: number): Promise<Buffer> {
  const fh = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(Math.min(bytes, (await fh.stat()).size));
    const { bytesRead } = await fh.read(buffer, 0, buffer.length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await fh.close();
  }
}

/** The last bytes of a file (its trailer, for a PDF). */
async function tail(file: string, bytes: number): Promise<Buffer> {
  const fh = await open(file, 'r');
  try {
    const { size } = await fh.stat();
    const length = Math.min(size, bytes);
    const buffer = Buffer.alloc(length);
    await fh.read(buffer, 0, length, size - length);
    return buffer;
  } finally {
    await fh.close();
  }
}

/**
 * Why a PDF is refused, or null: truncated (no startxref / %%EOF at its end), encrypted (/Encrypt in its trailer,
 * or pdfinfo asks for a password or says so), or unreadable to pdfinfo when poppler is installed.
 */
export async function pdfProblem(file: string): Promise<string | null> {
  const end = (await tail(file, 64 * 1024)).toString('latin1');
  const last = end.slice(-4096);
  if (!last.includes('%%EOF') || !last.includes('startxref')) return PDF_REASONS.corrupt;
  // the trailer (or xref stream) names its security handler: /Encrypt 12 0 R or an inline dictionary
  if (/\/Encrypt\s*(\d+\s+\d+\s+R|<<)/.test(end)) return PDF_REASONS.encrypted;
  if (!which('pdfinfo')) return null;
  const run = await runTool('pdfinfo', [file], 30_000);
  if (/^Encrypted:\s+yes/m.test(run.stdout) || /password/i.test(run.stderr)) return PDF_REASONS.encrypted;
  if (run.code !== 0 || !/^Pages:\s+[1-9]/m.test(run.stdout)) return PDF_REASONS.corrupt;
  return null;
}

/** Page count: pdfinfo, or pdf-lib when poppler is missing (it reads the file into memory). */
export async function pdfPages(file: string, timeoutMs: number): Promise<number> {
  if (which('pdfinfo')) {
    const run = await runTool('pdfinfo', [file], timeoutMs);
    const pages = /^Pages:\s+(\d+)/m.exec(run.stdout);
    if (run.code === 0 && pages) return Number(pages[1]);
  }
  const { PDFDocument } = await import('pdf-lib');
  const doc = await PDFDocument.load(await readFile(file), { ignoreEncryption: true, updateMetadata: false });
  return doc.getPageCount();
}

/** The text of a PDF with its layout (pdftotext); null when poppler is missing. */
export async function pdfText(file: string, outDir: string, timeoutMs: number): Promise<string | null> {
  if (!which('pdftotext')) return null;
  const out = join(outDir, 'text.txt');
  const run = await runTool('pdftotext', ['-layout', '-enc', 'UTF-8', file, out], timeoutMs);
  if (run.code !== 0) return '';
  // a cut in the middle of a character: the decoder's streaming mode drops the incomplete tail
  const text = new TextDecoder('utf-8').decode(await head(out, TEXT_MAX_BYTES), { stream: true });
  // form feeds separate pages (kept: the first page's text goes with the document's page); runs of blank layout
  // lines carry nothing for search
  return text.replace(/[ \t]+\n/g, '\n').replace(/\n{3,}/g, '\n\n').trim().slice(0, TEXT_MAX_CHARS);
}

/** Small PNGs of the first pages and a larger one of the first (pdftoppm); nothing when poppler is missing. */
export async function pdfImages(file: string, outDir: string, pages: number, timeoutMs: number): Promise<{ cover: string | null; thumbnails: string[] }> {
  if (!which('pdftoppm') || pages < 1) return { cover: null, thumbnails: [] };
  const last = Math.min(pages, THUMBNAIL_PAGES);
  const thumbs = await runTool('pdftoppm', ['-png', '-r', '48', '-f', '1', '-l', String(last), file, join(outDir, 'thumb')], timeoutMs);
  const cover = await runTool('pdftoppm', ['-png', '-scale-to', '600', '-f', '1', '-l', '1', '-singlefile', file, join(outDir, 'cover')], timeoutMs);
  const names = thumbs.code === 0 ? (await readdir(outDir)).filter((n) => /^thumb-\d+\.png$/.test(n)) : [];
  names.sort((a, b) => pageOf(a) - pageOf(b));
  return { cover: cover.code === 0 ? join(outDir, 'cover.png') : null, thumbnails: names.map((n) => join(outDir, n)) };
}

function pageOf(name: string): number {
  return Number(/(\d+)\.png$/.exec(name)?.[1] ?? 0);
}
