import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import type * as Canvas from '@napi-rs/canvas';

/**
 * Skia (@napi-rs/canvas), required on first use: mapping it costs the process about 25 MB, which a server that
 * is never asked for a captcha does not need to pay.
 */
function canvasLib(): typeof Canvas {
  return require('@napi-rs/canvas') as typeof Canvas;
}

/** Name under which the font file we find (or CAPTCHA_FONT) is registered with the canvas. */
const REGISTERED_FAMILY = 'CaptchaCJK';

/**
 * Families tried before the registered file: the Simplified Chinese faces, so that characters take their
 * mainland forms (a .ttc registered by path gives its first face, which for Noto CJK is the Japanese one).
 */
const PREFERRED_FAMILIES = ['Noto Sans CJK SC', 'Source Han Sans SC', 'Source Han Sans CN', 'WenQuanYi Micro Hei'];

/** Where common systems keep a CJK font, for when fontconfig's `fc-list` is not there. */
const KNOWN_FILES = [
  '/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc',
  '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc',
  '/usr/share/fonts/noto-cjk/NotoSansCJK-Bold.ttc',
  '/usr/share/fonts/noto-cjk/NotoSansCJK-Regular.ttc',
  '/usr/share/fonts/google-noto-cjk/NotoSansCJK-Bold.ttc',
  '/usr/share/fonts/truetype/wqy/wqy-microhei.ttc',
  '/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc',
  '/System/Library/Fonts/PingFang.ttc',
  'C:\\Windows\\Fonts\\msyh.ttc',
];

export interface CaptchaFont {
  /** CSS font-family list for ctx.font, e.g. `"Noto Sans CJK SC", "CaptchaCJK"`. */
  family: string;
  /** The file registered from (CAPTCHA_FONT, fc-list or a known path); null when the system's fonts serve. */
  file: string | null;
}

const MISSING =
  '验证码模块启动失败：找不到可用的中文（CJK）字体，无法绘制点选验证码。' +
  '请安装中文字体（Debian/Ubuntu：apt-get install fonts-noto-cjk），或用环境变量 CAPTCHA_FONT 指定一个中文字体文件（.ttf/.otf/.ttc）。';

/** By CAPTCHA_FONT value ('' for the automatic choice): the canvas's font registry is per process. */
const loaded = new Map<string, CaptchaFont>();

/**
 * Finds and registers a CJK font once per process, then checks that Chinese text really renders with it.
 * Throws an Error with a Chinese message when it does not: the captcha routes refuse to start rather than
 * draw empty boxes.
 */
export function loadCaptchaFont(env: NodeJS.ProcessEnv = process.env): CaptchaFont {
  const configured = env.CAPTCHA_FONT?.trim() ?? '';
  const cached = loaded.get(configured);
  if (cached) return cached;
  const { GlobalFonts } = canvasLib();
  if (configured) {
    if (!existsSync(configured)) throw new Error(`验证码模块启动失败：CAPTCHA_FONT 指定的字体文件不存在：${configured}`);
    const family = 'CaptchaConfigured';
    if (!GlobalFonts.registerFromPath(configured, family)) {
      throw new Error(`验证码模块启动失败：CAPTCHA_FONT 指定的字体文件无法加载：${configured}`);
    }
    const font = { family: `"${family}"`, file: configured };
    if (!rendersChinese(font.family)) {
      throw new Error(`验证码模块启动失败：CAPTCHA_FONT 指定的字体不含中文字形：${configured}`);
    }
    loaded.set(configured, font);
    return font;
  }

  const file = findCjkFontFile();
  if (file && !GlobalFonts.has(REGISTERED_FAMILY)) GlobalFonts.registerFromPath(file, REGISTERED_FAMILY);
  const families = [...PREFERRED_FAMILIES, ...(file ? [REGISTERED_FAMILY] : [])];
  const font = { family: families.map((f) => `"${f}"`).join(', '), file };
  if (!rendersChinese(font.family)) throw new Error(MISSING);
  loaded.set('', font);
  return font;
}

/**
 * The start-up check, without Skia: CAPTCHA_FONT names an existing file, or fontconfig or the known paths have
 * a CJK font. Throws the same Chinese messages as loadCaptchaFont, which draws the test glyphs on first use.
 */
export function locateCaptchaFont(env: NodeJS.ProcessEnv = process.env): void {
  const configured = env.CAPTCHA_FONT?.trim() ?? '';
  if (configured) {
    if (!existsSync(configured)) throw new Error(`验证码模块启动失败：CAPTCHA_FONT 指定的字体文件不存在：${configured}`);
    return;
  }
  if (!findCjkFontFile()) throw new Error(MISSING);
}

function findCjkFontFile(): string | null {
  let listed: string[] = [];
  try {
    listed = execFileSync('fc-list', [':lang=zh', 'file'], { encoding: 'utf8', timeout: 5_000, stdio: ['ignore', 'pipe', 'ignore'] })
      .split('\n')
      .map((line) => line.replace(/:\s*$/, '').trim())
      .filter(Boolean);
  } catch {
    // no fontconfig: fall back to the known paths
  }
  // a bold sans face reads best at captcha sizes
  const rank = (f: string) => (/sans|hei/i.test(f) ? 0 : 2) + (/bold/i.test(f) ? 0 : 1);
  const candidates = [...listed.sort((a, b) => rank(a) - rank(b)), ...KNOWN_FILES];
  return candidates.find((f) => existsSync(f)) ?? null;
}

/**
 * True when two different characters come out as two different, non-empty pictures. Without a CJK glyph
 * both would be the same "missing glyph" box (or nothing).
 */
function rendersChinese(family: string): boolean {
  const { createCanvas } = canvasLib();
  const draw = (ch: string): Uint8ClampedArray => {
    const canvas = createCanvas(40, 40);
    const ctx = canvas.getContext('2d');
    ctx.font = `32px ${family}`;
    ctx.fillStyle = '#000';
    ctx.fillText(ch, 2, 34);
    return ctx.getImageData(0, 0, 40, 40).data;
  };
  const a = draw('验');
  const b = draw('证');
  const inked = a.some((v, i) => i % 4 === 3 && v > 0);
  return inked && a.some((v, i) => v !== b[i]);
}
