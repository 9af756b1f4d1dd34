import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { CorruptArchive, readRarDirectory, readZipDirectory } from './archive';
import { epubText } from './epub';
import { officeToPdf } from './office';
import { pdfImages, pdfPages, pdfText, TEXT_MAX_CHARS } from './pdf';
import { ConversionError, OFFICE_TYPES, type ConversionInput, type ConversionResult, type ConversionStage } from './types';

const NO_POPPLER_TEXT = '服务器未安装 poppler-utils，未提取文字';
const NO_POPPLER_IMAGES = '服务器未安装 poppler-utils，未生成封面和缩略图';

/** Time left of the job's budget; a step that starts with none left ends the job as timed out. */
function budget(input: ConversionInput, started: number): number {
  const left = input.timeoutMs - (Date.now() - started);
  if (left <= 0) throw new ConversionError(`转换超时（超过${Math.ceil(input.timeoutMs / 1000)}秒）`, { code: 'timeout' });
  return left;
}

/**
 * A file accepted by inspectUpload → its preview PDF, page count, text, cover and thumbnails (archives: their
 * entry list). Everything is written under `workDir`. Throws ConversionError with a Chinese reason.
 */
export async function convertDocument(input: ConversionInput): Promise<ConversionResult> {
  const started = Date.now();
  let last = 0;
  const progress = (stage: ConversionStage, percent: number): void => {
    // percents only grow, whichever steps a kind skips
    if (percent <= last) return;
    last = percent;
    input.onProgress?.(stage, percent);
  };
  await mkdir(input.workDir, { recursive: true });
  progress('converting', 5);
  if (input.type === 'zip' || input.type === 'rar') return archiveResult(input, progress);
  const { pdf, text } = await makePdf(input, started);
  progress('converting', 60);
  return describePdf(input, started, pdf, text, progress);
}

/** The text and image renderer (pdfkit and its fonts: about 10 MB of memory), loaded by the first conversion that draws. */
const render = () => require('./render') as typeof import('./render');

/** The PDF to describe, and the text when it is known without reading the PDF (txt, md, epub). */
async function makePdf(input: ConversionInput, started: number): Promise<{ pdf: string; text: string | null }> {
  const out = join(input.workDir, 'preview.pdf');
  switch (input.type) {
    case 'pdf':
      return { pdf: input.file, text: null };
    case 'txt':
    case 'md': {
      const text = await render().readText(input.file);
      await render().textToPdf(text, out, '', input.type === 'md');
      return { pdf: out, text: text.slice(0, TEXT_MAX_CHARS) };
    }
    case 'epub': {
      const text = await epubText(input.file);
      await render().textToPdf(text, out, '', true);
      return { pdf: out, text: text.replace(/^#+ /gm, '').slice(0, TEXT_MAX_CHARS) };
    }
    case 'jpg':
    case 'png':
      await render().imageToPdf(input.file, out, '');
      return { pdf: out, text: '' };
    default:
      if (!OFFICE_TYPES.includes(input.type)) throw new ConversionError('不支持转换的文件类型');
      return { pdf: await officeToPdf(input.file, input.type, input.workDir, budget(input, started)), text: null };
  }
}

async function describePdf(
  input: ConversionInput, started: number, pdf: string, known: string | null,
  progress: (stage: ConversionStage, percent: number) => void,
): Promise<ConversionResult> {
  const notes: string[] = [];
  progress('extracting', 65);
  const pages = await pdfPages(pdf, budget(input, started)).catch((err: unknown) => {
    throw new ConversionError('文件已损坏（无法读取 PDF 页数）', { cause: err });
  });
  if (pages < 1) throw new ConversionError('文件没有任何页面');
  let text = known;
  if (text === null) {
    text = await pdfText(pdf, input.workDir, budget(input, started));
    if (text === null) notes.push(NO_POPPLER_TEXT);
  }
  progress('thumbnails', 80);
  const images = await pdfImages(pdf, input.workDir, pages, budget(input, started));
  if (!images.cover) notes.push(NO_POPPLER_IMAGES);
  progress('thumbnails', 100);
  const result: ConversionResult = { previewPdf: pdf === input.file ? null : pdf, pages, text: text ?? '', ...images };
  return notes.length ? { ...result, notes } : result;
}

async function archiveResult(input: ConversionInput, progress: (stage: ConversionStage, percent: number) => void): Promise<ConversionResult> {
  progress('extracting', 50);
  let listed;
  try {
    listed = input.type === 'zip' ? await readZipDirectory(input.file) : await readRarDirectory(input.file);
  } catch (err) {
    if (err instanceof CorruptArchive) throw new ConversionError('文件已损坏（压缩包目录无法读取）', { cause: err });
    throw err;
  }
  const entries = listed.entries.filter((e) => !e.directory).map((e) => ({ name: e.name, size: e.size }));
  progress('thumbnails', 100);
  return { previewPdf: null, pages: 1, text: entries.map((e) => e.name).join('\n'), cover: null, thumbnails: [], entries };
}
