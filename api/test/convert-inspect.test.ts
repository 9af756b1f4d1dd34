import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inspectUpload } from '../src/infra/convert';
import {
  docxFile, encryptedPdf, odtFile, oleFile, rarFile, epubFile, imageFile, markZipEncrypted, mdFile, pdfFile, pptxFile, txtFile, xlsxFile, zipBombDocx,
  zipWithEntries, zipWithNames,
} from './fixtures/convert-files';

let dir: string;
let n = 0;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'convert-inspect-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Writes the bytes under a generated name (as storage does) and inspects them as `declaredName`. */
function inspect(bytes: Buffer | string, declaredName: string) {
  const file = join(dir, `upload-${++n}`);
  writeFileSync(file, bytes);
  return inspectUpload(file, declaredName);
}

describe('inspectUpload: good files', () => {
  test.each([
    ['docx', '报告.docx', docxFile],
    ['pptx', '总结.PPTX', pptxFile],
    ['xlsx', '收入.xlsx', xlsxFile],
    ['pdf', '诗集.pdf', () => pdfFile(3)],
    ['epub', '三国.epub', async () => epubFile()],
    ['txt', '静夜思.txt', async () => txtFile()],
    ['md', 'readme.md', async () => mdFile()],
    ['png', 'a.png', async () => imageFile('png')],
    ['jpg', 'b.jpeg', async () => imageFile('jpg')],
    ['zip', 'c.zip', async () => zipWithNames(['目录/a.txt', 'inner.zip', 'b.rar'])],
    ['rtf', 'd.rtf', async () => Buffer.from('{\\rtf1\\ansi 你好}')],
    ['rar', 'e.rar', async () => rarFile({ '目录/说明.txt': '你好', 'inner.zip': 'PK' })],
    ['odt', 'f.odt', async () => odtFile()],
  ])('%s', async (type, name, make) => {
    const result = await inspect(await make(), name);
    expect(result).toMatchObject({ ok: true, type, ext: type });
  });

  test('ext_cate and mime of a docx', async () => {
    expect(await inspect(await docxFile(), 'x.docx')).toEqual({
      ok: true, type: 'docx', ext: 'docx', extCate: 'word',
      mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    });
  });

  test('GB18030 text (a Chinese Windows editor) is text', async () => {
    const gbk = Buffer.from([0xc4, 0xe3, 0xba, 0xc3, 0xca, 0xc0, 0xbd, 0xe7]); // 你好世界
    expect(await inspect(gbk, 'gbk.txt')).toMatchObject({ ok: true, type: 'txt' });
  });
});

describe('inspectUpload: bad files', () => {
  test.each([
    ['renamed Windows executable', Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200)]), 'report.docx', '文件内容与扩展名不符（实际为可执行文件）'],
    ['ELF as pdf', Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46]), Buffer.alloc(60)]), 'a.pdf', '文件内容与扩展名不符（实际为可执行文件）'],
    ['shell script as txt', '#!/bin/sh\nrm -rf /\n', 'a.txt', '文件内容与扩展名不符（实际为可执行文件）'],
    ['0 bytes', Buffer.alloc(0), 'empty.docx', '文件为空'],
    ['not an allowed extension', 'hello', 'run.exe', '不支持的文件类型（.exe）'],
    ['binary as txt', Buffer.from([1, 2, 0, 3, 4]), 'a.txt', '文件内容与扩展名不符（不是文本文件）'],
    ['text as docx', '只是一段文字', 'a.docx', '文件内容与扩展名不符（实际为纯文本）'],
    ['png as jpg', imageFile('png'), 'a.jpg', '文件内容与扩展名不符（实际为PNG 图片）'],
    ['encrypted PDF', encryptedPdf(), 'secret.pdf', '文件已加密，无法预览（请上传未加密的 PDF）'],
    ['a plain zip as docx', zipWithNames(['a.txt']), 'a.docx', '文件内容与扩展名不符（实际为zip 压缩包）'],
  ])('%s', async (_, bytes, name, reason) => {
    expect(await inspect(bytes, name)).toEqual({ ok: false, reason });
  });

  test('a PDF as docx, a docx as xlsx', async () => {
    expect(await inspect(await pdfFile(1), 'a.docx')).toEqual({ ok: false, reason: '文件内容与扩展名不符（实际为PDF 文档）' });
    expect(await inspect(await docxFile(), 'a.xlsx')).toEqual({ ok: false, reason: '文件内容与扩展名不符（实际为Word 文档）' });
  });

  test('a zip bomb as docx is refused from its directory (small file, huge declared size)', async () => {
    const bomb = zipBombDocx();
    expect(bomb.length).toBeLessThan(64 * 1024);
    const result = await inspect(bomb, 'bomb.docx');
    expect(result).toEqual({ ok: false, reason: expect.stringContaining('压缩比异常') });
  });

  test.each([['../evil.txt'], ['/etc/x'], ['a\\..\\b.txt'], ['C:/windows/x.dll'], ['ok/../../up.txt']])(
    'entry name %s',
    async (name) => {
      const result = await inspect(zipWithNames(['fine.txt', name]), 'names.zip');
      expect(result).toEqual({ ok: false, reason: `压缩包内含有不安全的文件路径（${name}）` });
    },
  );

  test.each([['../evil.txt'], ['/etc/x']])('rar entry name %s', async (name) => {
    expect(await inspect(rarFile({ 'fine.txt': 'x', [name]: 'x' }), 'names.rar')).toEqual({ ok: false, reason: `压缩包内含有不安全的文件路径（${name}）` });
  });

  test('an odt declared as docx, a rar declared as zip', async () => {
    expect(await inspect(odtFile(), 'a.docx')).toEqual({ ok: false, reason: '文件内容与扩展名不符（实际为ODT 文档）' });
    expect(await inspect(rarFile({ 'a.txt': 'x' }), 'a.zip')).toEqual({ ok: false, reason: '文件内容与扩展名不符（实际为rar 压缩包）' });
  });

  test('OLE2 files by their streams', async () => {
    expect(await inspect(oleFile(['WordDocument', '1Table']), 'a.doc')).toMatchObject({ ok: true, type: 'doc', extCate: 'word' });
    expect(await inspect(oleFile(['Workbook']), 'a.xls')).toMatchObject({ ok: true, type: 'xls', extCate: 'excel' });
    expect(await inspect(oleFile(['PowerPoint Document']), 'a.ppt')).toMatchObject({ ok: true, type: 'ppt', extCate: 'ppt' });
    expect(await inspect(oleFile(['Workbook']), 'a.doc')).toEqual({ ok: false, reason: '文件内容与扩展名不符（实际为Excel 表格）' });
    expect(await inspect(oleFile(['WordDocument']), 'a.pdf')).toEqual({ ok: false, reason: '文件内容与扩展名不符（实际为Word 文档）' });
    // an MSI installer is a compound file too
    expect(await inspect(oleFile(['\u4840\u3f3f']), 'setup.doc')).toEqual({ ok: false, reason: '文件内容与扩展名不符（不是 Word、Excel、PowerPoint 或 WPS 文件）' });
  });

  test('a password-protected docx (an OLE2 EncryptedPackage)', async () => {
    expect(await inspect(oleFile(['EncryptionInfo', 'EncryptedPackage']), 'locked.docx')).toEqual({ ok: false, reason: '文件已加密，无法预览（请上传未加密的文件）' });
  });

  test('more than 10000 entries', async () => {
    expect(await inspect(zipWithEntries(10_001), 'many.zip')).toEqual({ ok: false, reason: '压缩包内文件过多（最多 10000 个）' });
  });

  test('encrypted zip entries', async () => {
    const result = await inspect(markZipEncrypted(await docxFile()), 'locked.docx');
    expect(result).toEqual({ ok: false, reason: '文件已加密，无法预览（请上传未加密的文件）' });
  });

  test('a truncated docx is corrupt', async () => {
    const docx = await docxFile();
    expect(await inspect(docx.subarray(0, Math.floor(docx.length / 2)), 'cut.docx')).toEqual({ ok: false, reason: '文件已损坏（压缩包目录无法读取）' });
  });

  test('a truncated PDF is corrupt', async () => {
    const pdf = await pdfFile(3);
    expect(await inspect(pdf.subarray(0, Math.floor(pdf.length / 2)), 'cut.pdf')).toEqual({ ok: false, reason: '文件已损坏（PDF 文件不完整或结构错误）' });
  });

  test('a broken OLE file is corrupt; a rar that is not one too', async () => {
    const ole = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(100)]);
    expect(await inspect(ole, 'a.doc')).toEqual({ ok: false, reason: '文件已损坏（无法读取 Office 文档结构）' });
    const rar = Buffer.concat([Buffer.from('Rar!\x1a\x07\x01\x00', 'latin1'), Buffer.alloc(40, 7)]);
    expect(await inspect(rar, 'a.rar')).toEqual({ ok: false, reason: '文件已损坏（压缩包目录无法读取）' });
  });
});
