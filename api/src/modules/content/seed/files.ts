import { existsSync, readFileSync } from 'node:fs';
import PDFDocument from 'pdfkit';
import { firstPageOf } from '../preview';
import type { Poem } from './poetry';

/**
 * The font the PDFs embed (subset by pdfkit) unless SEED_PDF_FONT says otherwise: Noto Sans SC Regular (SIL OFL
 * 1.1), a TrueType file of the npm package @expo-google-fonts/noto-sans-sc, so every machine seeds the same PDFs.
 * (The captcha uses its Bold face.)
 */
export const BUNDLED_PDF_FONT = '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf';

/** SEED_PDF_FONT=system: installed CJK fonts as found before there was a bundled one, with the face of a collection. */
const SYSTEM_FONTS: [string, string | undefined][] = [
  ['/usr/share/fonts/opentype/noto/NotoSerifCJK-Regular.ttc', 'NotoSerifCJKsc-Regular'],
  ['/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc', 'NotoSansCJKsc-Regular'],
  ['/usr/share/fonts/noto-cjk/NotoSansCJK-Regular.ttc', 'NotoSansCJKsc-Regular'],
  ['/usr/share/fonts/truetype/wqy/wqy-microhei.ttc', undefined],
];

export interface PdfFont {
  data: Buffer;
  family: string | undefined;
}

let font: PdfFont | null | undefined;

/**
 * The CJK font for PDFs. SEED_PDF_FONT: unset or empty, the bundled font; `system`, the first installed font of
 * SYSTEM_FONTS; else a font file (SEED_PDF_FONT_FACE names the face of a collection). Any of those missing: the
 * bundled font. Null only when its package is not installed either (the seed then makes TXT and Markdown only).
 */
export function pdfFont(env: NodeJS.ProcessEnv = process.env): PdfFont | null {
  if (font !== undefined) return font;
  const configured = env.SEED_PDF_FONT?.trim() ?? '';
  const candidates: [string, string | undefined][] =
    configured === 'system' ? SYSTEM_FONTS.slice() : configured ? [[configured, env.SEED_PDF_FONT_FACE]] : [];
  try {
    candidates.push([require.resolve(BUNDLED_PDF_FONT), undefined]);
  } catch {
    // the package is not installed: the system's fonts or nothing
  }
  const found = candidates.find(([file]) => existsSync(file));
  font = found ? { data: readFileSync(found[0]), family: found[1] } : null;
  return font;
}

export function poemText(poem: Poem): string {
  return `${poem.title}\n${poem.author}\n\n${poem.lines.join('\n')}\n`;
}

export function poemsTxt(title: string, items: Poem[]): string {
  return `${title}\n\n${items.map((p) => poemText(p)).join('\n')}`;
}

export function poemsMarkdown(title: string, items: Poem[]): string {
  const body = items.map((p) => `## ${p.title}\n\n*${p.author}*\n\n${p.lines.map((l) => `> ${l}`).join('\n>\n')}\n`).join('\n');
  return `# ${title}\n\n${body}`;
}

/** A real PDF of the texts (A4, one CJK font subset embedded); resolves to its bytes, page count and first page's text. */
export function poemsPdf(title: string, items: Poem[], pdf: PdfFont): Promise<{ bytes: Buffer; pages: number; firstPageText: string }> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 60, bufferPages: true, info: { Title: title, Creator: '知库文档' } });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('error', reject);
    // what is written before the second page starts (a line that breaks onto it may count once too many)
    const firstPage: string[] = [];
    let onFirstPage = true;
    doc.on('pageAdded', () => (onFirstPage = false));
    const write = (text: string, options: PDFKit.Mixins.TextOptions) => {
      if (onFirstPage) firstPage.push(text);
      doc.text(text, options);
    };
    if (pdf.family) doc.font(pdf.data, pdf.family);
    else doc.font(pdf.data);
    doc.fontSize(20);
    write(title, { align: 'center' });
    doc.moveDown();
    for (const [i, poem] of items.entries()) {
      // an anthology page per text, as printed collections do
      if (i > 0) doc.addPage();
      doc.fontSize(15);
      write(poem.title, { align: 'center' });
      doc.fontSize(10).fillColor('#666666');
      write(poem.author, { align: 'center' });
      doc.fillColor('#000000').fontSize(12).moveDown(0.5);
      for (const line of poem.lines) write(line, { align: 'center', lineGap: 4 });
    }
    const pages = doc.bufferedPageRange().count;
    const firstPageText = firstPageOf(firstPage.join('\n'));
    doc.on('end', () => resolve({ bytes: Buffer.concat(chunks), pages, firstPageText }));
    doc.end();
  });
}
