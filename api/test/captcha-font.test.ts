import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { loadImage } from '@napi-rs/canvas';
import { BUNDLED_FONT, loadCaptchaFont } from '../src/modules/captcha/font';
import { BUNDLED_PDF_FONT, pdfFont } from '../src/modules/content/seed/files';
import { call, postJson } from './helpers';

const API_DIR = path.resolve(__dirname, '..');

/** The folders a font lookup reads on Linux: Skia's, fontconfig's, and the known paths of src/captcha/font.ts. */
const FONT_FOLDERS = ['/usr/share/fonts', '/usr/local/share/fonts', path.join(homedir(), '.fonts'), path.join(homedir(), '.local/share/fonts')];

/**
 * `unshare` arguments for a private mount namespace in which an empty folder can be mounted over the font
 * folders for one child process only (the machine's other processes keep their fonts): as root, or through a
 * user namespace. Null where neither is allowed (macOS, a container without the right).
 */
function namespaceArgs(): string[] | null {
  if (process.platform !== 'linux') return null;
  for (const args of process.getuid?.() === 0 ? [['--mount'], ['--mount', '--map-root-user']] : [['--mount', '--map-root-user']]) {
    if (spawnSync('unshare', [...args, 'sh', '-c', 'mount -t tmpfs none /mnt 2>/dev/null || mount --bind /tmp /mnt'], { stdio: 'ignore' }).status === 0) return args;
  }
  return null;
}
const unshare = namespaceArgs();

/**
 * The API's start (main.ts) from its TypeScript sources (swc as a require hook, as Jest does) on the data folder `dataDir`, port 0,
 * in a process that sees no installed font: every folder of FONT_FOLDERS has an empty folder mounted over it.
 */
async function startWithoutSystemFonts(dataDir: string, env: NodeJS.ProcessEnv): Promise<{ base: string; child: ChildProcess; log: string[] }> {
  const empty = mkdtempSync(path.join(tmpdir(), 'no-fonts-'));
  const program = `
    const { readFileSync } = require('node:fs');
    const { transformSync } = require('@swc/core');
    require.extensions['.ts'] = (module, filename) => {
      const { code } = transformSync(readFileSync(filename, 'utf8'), {
        filename, swcrc: false, jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' },
      });
      module._compile(code, filename);
    };
    // the wire contract from its sources too, as the jest config maps it (its dist/ is built with the API)
    const Module = require('node:module');
    const resolve = Module._resolveFilename;
    const contracts = { contracts: '../contracts/src/index.ts', 'contracts/enums': '../contracts/src/enums.ts' };
    Module._resolveFilename = function (request, ...rest) {
      return contracts[request] ? require('node:path').resolve(contracts[request]) : resolve.call(this, request, ...rest);
    };
    // the API's own start (main.ts): migrations, the demo seed of an empty data folder, then listen
    require('./src/main.ts');`;
  const hide = FONT_FOLDERS.filter((dir) => existsSync(dir))
    .map((dir) => `mount --bind '${empty}' '${dir}'`)
    .join(' && ');
  const script = `set -e; ${hide || 'true'}; fc-list :lang=zh 2>/dev/null | sed 's/^/installed: /' || true; exec "${process.execPath}" -e "$PROGRAM"`;
  const child = spawn('unshare', [...unshare!, 'sh', '-c', script], {
    cwd: API_DIR,
    env: { ...process.env, ...env, DATA_DIR: dataDir, API_PORT: '0', API_HOST: '127.0.0.1', PROGRAM: program },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log: string[] = [];
  child.stderr!.on('data', (chunk: Buffer) => log.push(chunk.toString()));
  const lines = createInterface({ input: child.stdout! });
  const port = await new Promise<string>((resolve, reject) => {
    lines.on('line', (line) => {
      log.push(line);
      const m = /^API 已启动: http:\/\/127\.0\.0\.1:(\d+) /.exec(line);
      if (m) resolve(m[1]);
    });
    child.on('exit', (code) => reject(new Error(`the API stopped (${code}): ${log.join('\n')}`)));
  });
  return { base: `http://127.0.0.1:${port}`, child, log };
}

/** Every PDF under a folder. */
function pdfsUnder(dir: string): Buffer[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => readFileSync(path.join(e.parentPath, e.name)))
    .filter((bytes) => bytes.subarray(0, 5).toString('latin1') === '%PDF-');
}

/** The embedded fonts' PostScript names (pdfkit writes its font dictionaries uncompressed; subset tag removed). */
function fontNames(pdf: Buffer): string[] {
  return [...new Set([...pdf.toString('latin1').matchAll(/\/BaseFont \/(?:[A-Z]{6}\+)?([\w-]+)/g)].map((m) => m[1]))];
}

async function expectPng(base64: unknown, width: number, height: number): Promise<void> {
  expect(typeof base64).toBe('string');
  const image = await loadImage(Buffer.from(base64 as string, 'base64'));
  expect([image.width, image.height]).toEqual([width, height]);
}

describe('the bundled CJK font (@expo-google-fonts/noto-sans-sc)', () => {
  test('is the default: the captcha registers its Bold face alone, the seed embeds its Regular face', () => {
    const font = loadCaptchaFont({});
    expect(font).toEqual({ family: '"CaptchaBundledCJK"', file: require.resolve(BUNDLED_FONT) });
    const pdf = pdfFont({});
    expect(pdf?.family).toBeUndefined();
    expect(pdf?.data.equals(readFileSync(require.resolve(BUNDLED_PDF_FONT)))).toBe(true);
  });

  test('a CAPTCHA_FONT file still overrides it', () => {
    const file = require.resolve('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf');
    expect(loadCaptchaFont({ CAPTCHA_FONT: file })).toEqual({ family: '"CaptchaConfigured"', file });
  });

  describe('with no font installed (font folders hidden in a mount namespace)', () => {
    const started: ChildProcess[] = [];
    const folders: string[] = [];
    beforeAll(() => {
      // never skipped: a machine that cannot hide its fonts cannot prove this, and says so
      if (!unshare) throw new Error('这组测试需要 Linux 的 unshare（util-linux）和挂载命名空间的权限（root 或用户命名空间）');
    });
    afterAll(async () => {
      for (const child of started) {
        if (child.exitCode !== null) continue;
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      for (const dir of folders) rmSync(dir, { recursive: true, force: true });
    });

    test.each([
      ['by default', {}],
      ['with CAPTCHA_FONT=system and SEED_PDF_FONT=system (no system font: the bundled one)', { CAPTCHA_FONT: 'system', SEED_PDF_FONT: 'system' }],
    ])('the API starts %s, draws a click captcha and seeds PDFs in Noto Sans SC', async (_name, env) => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'font-api-'));
      folders.push(dataDir);
      const { base, child, log } = await startWithoutSystemFonts(dataDir, env);
      started.push(child);
      // the child saw no installed CJK font (fc-list printed none)
      expect(log.filter((line) => line.startsWith('installed: '))).toEqual([]);

      const res = await postJson(base, '/api/captcha/', { captchaType: 'click', clientUid: 'no-fonts', ts: Date.now() });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ repCode: '0000', captchaType: 'click', data: { width: 300, height: 220, count: 3 } });
      // the server drew '验' and '证' as two different inked glyphs before answering (loadCaptchaFont), then these
      await expectPng(res.body.data.image_base64, 300, 220);
      await expectPng(res.body.data.thumb_base64, 150, 40);

      // a content request waits for the background seed; its PDFs embed the bundled font and no other
      expect((await call(base, '/api/docs/?page_size=1')).status).toBe(200);
      const pdfs = pdfsUnder(dataDir);
      expect(pdfs.length).toBeGreaterThan(0);
      for (const pdf of pdfs) expect(fontNames(pdf)).toEqual(['NotoSansSC-Regular']);
    });
  });
});
