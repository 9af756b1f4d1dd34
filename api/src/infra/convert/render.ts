import { createWriteStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import PDFDocument from 'pdfkit';
import { TextDecoder } from 'node:util';
import { pdfFont } from '../../modules/content/seed/files';
import { head, TEXT_MAX_BYTES, TEXT_MAX_CHARS } from './pdf';
import { ConversionError } from './types';

/** Characters drawn into a preview PDF (a 200 MB text would take minutes to lay out); the text itself is kept whole. */
export const DRAW_MAX_CHARS = 400_000;
const CUT_NOTE = '（内容过长，预览只显示前面部分）';

type Doc = InstanceType<typeof PDFDocument>;

/** Writes a PDF drawn by `draw` to `out` with the bundled CJK font. */
function writePdf(out: string, title: string, draw: (doc: Doc) => void): Promise<void> {
  const font = pdfFont();
  if (!font) throw new ConversionError('缺少中文字体，无法生成预览');
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: title, Creator: '知库文档' } });
    const stream = createWriteStream(out);
    stream.on('finish', () => resolve());
    stream.on('error', reject);
    doc.on('error', reject);
    doc.pipe(stream);
    if (font.family) doc.font(font.data, font.family);
    else doc.font(font.data);
    try {
      draw(doc);
    } catch (err) {
      reject(err);
    }
    doc.end();
  });
}

/**
 * A text file's content, its first TEXT_MAX_CHARS characters at most (the worker shares the API's small heap):
 * UTF-8 (BOM dropped) or GB18030. `stream: true` keeps a character cut at the end from failing the decode.
 */
export async function readText(file: string): Promise<string> {
  const bytes = await head(file, TEXT_MAX_BYTES);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: true });
  } catch {
    text = new TextDecoder('gb18030').decode(bytes, { stream: true });
  }
  return text.slice(0, TEXT_MAX_CHARS);
}

/**
 * Draws text as pages; with `markdown`, lines starting with # are headings in bigger type (the rest stays plain:
 * the preview is for reading, not a Markdown renderer).
 */
export function textToPdf(text: string, out: string, title: string, markdown: boolean): Promise<void> {
  const cut = text.length > DRAW_MAX_CHARS;
  const lines = (cut ? text.slice(0, DRAW_MAX_CHARS) : text).replace(/\r\n?/g, '\n').split('\n');
  return writePdf(out, title, (doc) => {
    for (const line of lines) {
      const heading = markdown ? /^(#{1,6})\s+(.*)$/.exec(line) : null;
      if (heading) {
        doc.moveDown(0.3).fontSize(Math.max(12, 22 - heading[1].length * 2)).text(heading[2] || ' ');
        doc.moveDown(0.2).fontSize(11);
      } else {
        doc.fontSize(11).text(line.replace(/\t/g, '    ') || ' ', { lineGap: 3 });
      }
    }
    if (cut) doc.moveDown().fontSize(10).fillColor('#888888').text(CUT_NOTE);
  });
}

/** One A4 page with the image fitted in it. */
export async function imageToPdf(image: string, out: string, title: string): Promise<void> {
  const bytes = await readFile(image);
  await writePdf(out, title, (doc) => {
    try {
      doc.image(bytes, { fit: [doc.page.width - 112, doc.page.height - 112], align: 'center', valign: 'center' });
    } catch (err) {
      throw new ConversionError('图片已损坏，无法转换', { cause: err });
    }
  });
}
