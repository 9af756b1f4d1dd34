// Files the upload journey picks, made at run time with the libraries the API's converter tests use (docx,
// pdfkit with the bundled CJK font): no binary fixtures in the repository.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { Document, ImageRun, Packer, PageBreak, Paragraph, Table, TableCell, TableRow, TextRun, HeadingLevel, WidthType } from 'docx';
import PDFDocument from 'pdfkit';
import { PNG } from 'pngjs';

const require = createRequire(import.meta.url);
/** The API's bundled PDF font (api/src/modules/content/seed/files.ts BUNDLED_PDF_FONT). */
const FONT = '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf';

/**
 * A photo-like picture of noise: it does not compress, so a file that holds it is over one upload chunk (5 MB) and
 * its upload bar moves through the chunks.
 */
export function noisePng(width = 1500, height = 1300): Buffer {
  const png = new PNG({ width, height });
  randomBytes(width * height * 4).copy(png.data);
  for (let i = 3; i < png.data.length; i += 4) png.data[i] = 255;
  return PNG.sync.write(png);
}

/** A Chinese docx of `pages` pages (page breaks), a table on the first, `inside` in its first paragraph. */
export async function chineseDocx(heading: string, inside: string, pages = 3, picture?: Buffer): Promise<Buffer> {
  const cell = (text: string) => new TableCell({ children: [new Paragraph(text)], width: { size: 3000, type: WidthType.DXA } });
  const children: (Paragraph | Table)[] = [
    new Paragraph({ text: heading, heading: HeadingLevel.HEADING_1 }),
    new Paragraph({ children: [new TextRun(`本季度的调研发现了${inside}的踪迹，春江潮水连海平，海上明月共潮生。`)] }),
    new Table({ rows: [new TableRow({ children: [cell('地区'), cell('季度销售额')] }), new TableRow({ children: [cell('华北'), cell('一百二十万')] })] }),
  ];
  if (picture) children.push(new Paragraph({ children: [new ImageRun({ type: 'png', data: picture, transformation: { width: 260, height: 220 } })] }));
  for (let page = 2; page <= pages; page += 1) {
    children.push(new Paragraph({ children: [new PageBreak()] }));
    children.push(new Paragraph({ text: `第${page}页 江畔何人初见月，江月何年初照人。`, heading: HeadingLevel.HEADING_2 }));
  }
  return Packer.toBuffer(new Document({ sections: [{ children }] }));
}

/** A PDF of `pages` A4 pages drawn with the bundled CJK font (and `picture` on its first page). */
export function chinesePdf(heading: string, pages = 2, picture?: Buffer): Promise<Buffer> {
  const font = readFileSync(require.resolve(FONT));
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 60 });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.font(font);
    for (let i = 0; i < pages; i += 1) {
      if (i > 0) doc.addPage();
      doc.fontSize(20).text(`${heading} 第${i + 1}页`).fontSize(14).text('大漠孤烟直，长河落日圆。萧关逢候骑，都护在燕然。');
      if (i === 0 && picture) doc.image(picture, { width: 260 });
    }
    doc.end();
  });
}
