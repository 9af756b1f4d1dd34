import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { convertDocument, ConversionError, converterStatus, inspectUpload, type ConversionResult, type UploadType } from '../src/infra/convert';
import { officeHooks } from '../src/infra/convert/office';
import { docxFile, encryptedPdf, epubFile, imageFile, mdFile, odtFile, pdfFile, pptxFile, rarFile, txtFile, WORDS, xlsxFile, zipWithNames } from './fixtures/convert-files';

// LibreOffice takes seconds per file (a cold profile each time): one real conversion per office kind
const OFFICE_TIMEOUT = 180_000;

let dir: string;
let n = 0;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'convert-docs-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function convert(bytes: Buffer, type: UploadType, timeoutMs = 120_000) {
  const job = join(dir, `job-${++n}`);
  const file = join(dir, `upload-${n}`);
  writeFileSync(file, bytes);
  expect(await inspectUpload(file, `x.${type}`)).toMatchObject({ ok: true, type });
  const stages: [string, number][] = [];
  const started = Date.now();
  const result = await convertDocument({ file, type, workDir: job, timeoutMs, onProgress: (s, p) => stages.push([s, p]) });
  const seconds = (Date.now() - started) / 1000;
  return { result, stages, seconds, job, file };
}

function isPng(path: string | null): boolean {
  return !!path && readFileSync(path).subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
}

function expectPreview(result: ConversionResult, pages: number, words: readonly string[]): void {
  expect(result.pages).toBe(pages);
  for (const word of words) expect(result.text).toContain(word);
  expect(isPng(result.cover)).toBe(true);
  expect(result.thumbnails).toHaveLength(Math.min(pages, 3));
  for (const t of result.thumbnails) expect(isPng(t)).toBe(true);
  expect(result.notes).toBeUndefined();
}

test('converterStatus: LibreOffice is installed here', () => {
  expect(converterStatus()).toEqual({ ready: true, message: '文档转换服务已就绪' });
});

describe('office files through LibreOffice', () => {
  test('a Chinese docx with a table', async () => {
    const { result, stages, seconds, job } = await convert(await docxFile(), 'docx');
    expectPreview(result, 1, WORDS.docx);
    expect(result.previewPdf && readFileSync(result.previewPdf).subarray(0, 5).toString()).toBe('%PDF-');
    expect(stages.map(([s]) => s)).toEqual(expect.arrayContaining(['converting', 'extracting', 'thumbnails']));
    const percents = stages.map(([, p]) => p);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    expect(percents.at(-1)).toBe(100);
    // the job's LibreOffice profile is gone
    expect(readdirSync(job).filter((f) => f.startsWith('lo-profile-'))).toEqual([]);
    console.log(`docx → PDF: ${seconds.toFixed(1)} s`);
  }, OFFICE_TIMEOUT);

  test('a pptx of two slides', async () => {
    const { result, seconds } = await convert(await pptxFile(), 'pptx');
    expectPreview(result, 2, WORDS.pptx);
    console.log(`pptx → PDF: ${seconds.toFixed(1)} s`);
  }, OFFICE_TIMEOUT);

  test('an xlsx', async () => {
    const { result, seconds } = await convert(await xlsxFile(), 'xlsx');
    expectPreview(result, 1, WORDS.xlsx);
    console.log(`xlsx → PDF: ${seconds.toFixed(1)} s`);
  }, OFFICE_TIMEOUT);

  test('an odt', async () => {
    const { result, seconds } = await convert(odtFile(), 'odt');
    expectPreview(result, 1, WORDS.odt);
    console.log(`odt → PDF: ${seconds.toFixed(1)} s`);
  }, OFFICE_TIMEOUT);

  test('a Word 97 .doc (made from the docx by LibreOffice): known by its streams, converted', async () => {
    const made = join(dir, 'made-doc');
    writeFileSync(join(dir, 'source.docx'), await docxFile());
    execFileSync('soffice', ['--headless', '--norestore', `-env:UserInstallation=file://${join(made, 'profile')}`,
      '--convert-to', 'doc', '--outdir', made, join(dir, 'source.docx')], { stdio: 'ignore', timeout: 120_000 });
    const doc = readFileSync(join(made, 'source.doc'));
    const file = join(dir, 'upload-doc');
    writeFileSync(file, doc);
    expect(await inspectUpload(file, '旧格式.xls')).toEqual({ ok: false, reason: '文件内容与扩展名不符（实际为Word 文档）' });
    expect(await inspectUpload(file, '旧格式.wps')).toMatchObject({ ok: true, type: 'wps' });
    const { result, seconds } = await convert(doc, 'doc');
    expectPreview(result, 1, WORDS.docx);
    console.log(`doc → PDF: ${seconds.toFixed(1)} s`);
  }, OFFICE_TIMEOUT);

  test('a conversion over its time limit is killed with its whole process group', async () => {
    const groups: number[] = [];
    officeHooks.onStart = (pgid) => groups.push(pgid);
    try {
      const job = join(dir, 'job-timeout');
      const file = join(dir, 'upload-timeout');
      writeFileSync(file, await docxFile());
      const started = Date.now();
      // 400 ms: well under LibreOffice's own start-up, so the limit is always reached (a conversion of this file
      // takes 1.4 s on an idle machine: a limit near that raced it)
      const error = await convertDocument({ file, type: 'docx', workDir: job, timeoutMs: 400, onProgress: () => undefined }).catch((e: unknown) => e);
      // promptly: a LibreOffice left running (only its launcher killed) holds the pipes until it has converted
      expect(Date.now() - started).toBeLessThan(400 + 2000);
      expect(error).toBeInstanceOf(ConversionError);
      expect(error).toMatchObject({ reason: '转换超时（超过1秒）', code: 'timeout' });
      expect(groups).toHaveLength(1);
      expect(await livingMembersAfter(groups[0], 1_000)).toEqual([]);
      expect(readdirSync(job).filter((f) => f.startsWith('lo-profile-'))).toEqual([]);
    } finally {
      officeHooks.onStart = undefined;
    }
  }, OFFICE_TIMEOUT);
});

/** Processes of the group that are not dead (a killed process is a zombie until its new parent reaps it). */
function livingMembers(pgid: number): string[] {
  const found: string[] = [];
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // pid (comm) state ppid pgrp …; comm may hold spaces, so split after its closing parenthesis
      const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(pgrp) === pgid && state !== 'Z' && state !== 'X') found.push(`${pid} ${stat.slice(0, stat.lastIndexOf(')') + 1)}`);
    } catch {
      // the process ended while the list was read
    }
  }
  return found;
}

/** Living members of the group once they had up to `ms` to die (SIGKILL is not instant under load). */
async function livingMembersAfter(pgid: number, ms: number): Promise<string[]> {
  const until = Date.now() + ms;
  let living = livingMembers(pgid);
  while (living.length && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 100));
    living = livingMembers(pgid);
  }
  return living;
}

describe('files drawn or read without LibreOffice', () => {
  test('a PDF is its own preview', async () => {
    const { result, file } = await convert(await pdfFile(5), 'pdf');
    expectPreview(result, 5, WORDS.pdf);
    expect(result.previewPdf).toBeNull();
    expect(existsSync(file)).toBe(true);
  });

  test('txt: a PDF drawn with the CJK font, the text itself', async () => {
    const { result } = await convert(txtFile(), 'txt');
    expectPreview(result, 1, WORDS.txt);
    expect(result.text).toBe(txtFile().toString('utf8'));
    expect(result.previewPdf && statSync(result.previewPdf).size).toBeGreaterThan(1000);
  });

  test('a long txt becomes several pages', async () => {
    const long = Buffer.from(Array.from({ length: 400 }, (_, i) => `第${i + 1}行：${WORDS.txt[0]}`).join('\n'));
    const { result } = await convert(long, 'txt');
    expect(result.pages).toBeGreaterThan(5);
    expect(result.thumbnails).toHaveLength(3);
  });

  test('a text of 9 MB: its first 2 million characters kept, a bounded preview drawn', async () => {
    const line = `${WORDS.txt[0]}，${WORDS.txt[1]}。举头望明月，低头思故乡。\n`;
    const { result } = await convert(Buffer.from(line.repeat(130_000)), 'txt');
    expect(result.text).toHaveLength(2_000_000);
    expect(result.text.startsWith(line)).toBe(true);
    expect(result.pages).toBeGreaterThan(100);
    expect(result.pages).toBeLessThan(1000);
  });

  test('md: headings drawn, the text kept', async () => {
    const { result } = await convert(mdFile(), 'md');
    expectPreview(result, 1, WORDS.md);
  });

  test('epub: chapters in spine order', async () => {
    const { result } = await convert(epubFile(), 'epub');
    expectPreview(result, 1, WORDS.epub);
    expect(result.text.indexOf(WORDS.epub[0])).toBeLessThan(result.text.indexOf(WORDS.epub[1]));
    expect(result.text).toContain('浪花淘尽英雄。&是非成败转头空。');
    expect(result.text).not.toContain('<');
  });

  test.each([['png' as const], ['jpg' as const]])('%s: one page with the image, no text', async (type) => {
    const { result } = await convert(imageFile(type), type);
    expect(result.pages).toBe(1);
    expect(result.text).toBe('');
    expect(isPng(result.cover)).toBe(true);
  });

  test('zip: its entries listed, never opened', async () => {
    const { result } = await convert(zipWithNames(['目录/说明.txt', 'inner.zip']), 'zip');
    expect(result).toEqual({
      previewPdf: null, pages: 1, text: '目录/说明.txt\ninner.zip', cover: null, thumbnails: [],
      entries: [{ name: '目录/说明.txt', size: 1 }, { name: 'inner.zip', size: 1 }],
    });
  });

  test('rar: its entries listed from its headers', async () => {
    const { result } = await convert(rarFile({ '目录/说明.txt': '你好', 'b.txt': 'world' }), 'rar');
    expect(result).toMatchObject({ previewPdf: null, pages: 1, text: '目录/说明.txt\nb.txt', entries: [{ name: '目录/说明.txt', size: 6 }, { name: 'b.txt', size: 5 }] });
  });

  test('a corrupt image ends in a Chinese reason', async () => {
    const job = join(dir, 'job-bad-image');
    const file = join(dir, 'bad.png');
    writeFileSync(file, Buffer.concat([imageFile('png').subarray(0, 40)]));
    const error = await convertDocument({ file, type: 'png', workDir: job, timeoutMs: 10_000, onProgress: () => undefined }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConversionError);
    expect((error as ConversionError).reason).toMatch(/[\u4e00-\u9fff]/);
  });
});

describe('without LibreOffice and poppler on PATH', () => {
  const path = process.env.PATH;
  beforeEach(() => {
    process.env.PATH = join(dir, 'no-tools');
  });
  afterEach(() => {
    process.env.PATH = path;
  });

  test('converterStatus says office files wait and how to enable conversion', () => {
    const status = converterStatus();
    expect(status.ready).toBe(false);
    expect(status.message).toContain('等待转换');
    expect(status.message).toContain('apt-get install libreoffice-writer-nogui libreoffice-calc-nogui libreoffice-impress-nogui poppler-utils');
  });

  test('an office file ends in a converter_missing error; a PDF still gets its page count, with notes', async () => {
    const file = join(dir, 'no-tools.docx');
    writeFileSync(file, await docxFile());
    const error = await convertDocument({ file, type: 'docx', workDir: join(dir, 'job-no-tools'), timeoutMs: 10_000, onProgress: () => undefined }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'converter_missing', reason: expect.stringContaining('LibreOffice') });
    const pdf = join(dir, 'no-tools.pdf');
    writeFileSync(pdf, await pdfFile(4));
    const result = await convertDocument({ file: pdf, type: 'pdf', workDir: join(dir, 'job-no-tools-pdf'), timeoutMs: 10_000, onProgress: () => undefined });
    expect(result).toEqual({
      previewPdf: null, pages: 4, text: '', cover: null, thumbnails: [],
      notes: ['服务器未安装 poppler-utils，未提取文字', '服务器未安装 poppler-utils，未生成封面和缩略图'],
    });
  });

  test('an encrypted PDF is still refused (its trailer)', async () => {
    const file = join(dir, 'no-tools-encrypted.pdf');
    writeFileSync(file, encryptedPdf());
    expect(await inspectUpload(file, 'a.pdf')).toEqual({ ok: false, reason: '文件已加密，无法预览（请上传未加密的 PDF）' });
  });
});
