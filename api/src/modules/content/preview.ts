import type { PreviewInfo } from 'contracts';
import { FIRST_PAGE_TEXT_CHARS, PAID_PREVIEW_PAGES, TEXT_PAGE_CHARS } from './constants';
import type { FileStorage } from '../../infra/storage/storage';

/**
 * Reading in the page. PDFs are read with pdf.js in the browser; a paid document's reader gets a PDF cut to
 * its first PAID_PREVIEW_PAGES pages, so the limit holds on the server whatever the client does (the page
 * images alternative was measured and dropped: see api/README.md). TXT and Markdown are read page by page as
 * text of about TEXT_PAGE_CHARS characters.
 */
export function previewType(fileType: string, converted = false): PreviewInfo['type'] {
  if (fileType === 'pdf' || converted) return 'pdf';
  if (fileType === 'txt') return 'text';
  if (fileType === 'md') return 'markdown';
  return 'none';
}

/** The fields of a document that decide its preview. */
export interface PreviewFacts {
  file_type: string;
  pages: number;
  is_free: boolean;
  /** An upload converted to PDF (office, epub, images): the reader shows that PDF. */
  preview_file_id?: number | null;
  /** The uploader's choice of paid preview pages; null: PAID_PREVIEW_PAGES. */
  preview_pages?: number | null;
}

/** What the requester may read of a document; `unlocked` when they own or bought it. */
export function previewInfo(doc: PreviewFacts, unlocked: boolean): PreviewInfo {
  const type = previewType(doc.file_type, doc.preview_file_id != null);
  if (type === 'none') return { type, pages: doc.pages, preview_pages: 0, limited: false };
  const allowed = doc.preview_pages ?? PAID_PREVIEW_PAGES;
  const limited = !doc.is_free && !unlocked && doc.pages > allowed;
  return { type, pages: doc.pages, preview_pages: limited ? allowed : doc.pages, limited };
}

/**
 * The first page of a PDF's text (pdftotext's pages are separated by form feeds; its -layout spacing is folded), as
 * the page's HTML shows it in place of the drawing: lines kept, at most FIRST_PAGE_TEXT_CHARS characters.
 */
export function firstPageOf(text: string): string {
  const lines = text
    .split('\f', 1)[0]
    .split('\n')
    .map((line) => line.replace(/[ \t\u3000]+/g, ' ').trim())
    .filter(Boolean);
  return [...lines.join('\n')].slice(0, FIRST_PAGE_TEXT_CHARS).join('');
}

/** A text cut into pages of about TEXT_PAGE_CHARS characters, at line ends where there is one. */
export function textPages(text: string): string[] {
  const chars = [...text];
  const pages: string[] = [];
  let start = 0;
  while (start < chars.length) {
    let end = Math.min(start + TEXT_PAGE_CHARS, chars.length);
    if (end < chars.length) {
      const slice = chars.slice(start, end);
      const lastBreak = slice.lastIndexOf('\n');
      if (lastBreak > TEXT_PAGE_CHARS / 2) end = start + lastBreak + 1;
    }
    pages.push(chars.slice(start, end).join(''));
    start = end;
  }
  return pages.length ? pages : [''];
}

/**
 * The first `pages` pages of a stored PDF as a PDF of their own, made once and kept under a key derived from
 * the file id (a cache: deleting it only costs a rebuild).
 */
export async function pdfFirstPages(storage: FileStorage, fileId: number, key: string, pages: number): Promise<string> {
  const derived = `derived/${(fileId % 256).toString(16).padStart(2, '0')}/${fileId}-first-${pages}.pdf`;
  if ((await storage.size(derived)) !== null) return derived;
  // pdf-lib only when a preview is cut (once per document, then cached): not in every server's memory
  const { PDFDocument } = await import('pdf-lib');
  const source = await PDFDocument.load(await storage.read(key), { updateMetadata: false });
  const out = await PDFDocument.create();
  const count = Math.min(pages, source.getPageCount());
  const copied = await out.copyPages(source, Array.from({ length: count }, (_, i) => i));
  for (const page of copied) out.addPage(page);
  await storage.putAt(derived, await out.save());
  return derived;
}
