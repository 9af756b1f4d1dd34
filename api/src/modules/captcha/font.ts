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

/**
 * The font every captcha is drawn with unless CAPTCHA_FONT says otherwise: Noto Sans SC Bold (SIL OFL 1.1), a
 * TrueType file of the npm package @expo-google-fonts/noto-sans-sc, so `npm install` brings it and the pictures
 * are the same on every machine, with or without fonts installed. (The seed's PDFs use its Regular face.)
 */
export const BUNDLED_FONT = '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf';

/** Name under which the bundled font is registered with the canvas. */
const BUNDLED_FAMILY = 'CaptchaBundledCJK';

/** Name under which the system font file we find (CAPTCHA_FONT=system) is registered with the canvas. */
const REGISTERED_FAMILY = 'CaptchaCJK';

/**
 * With CAPTCHA_FONT=system, families tried before the registered file: the Simplified Chinese faces, so that
 * characters take their mainland forms (a .ttc registered by path gives its first face, which for Noto CJK is
 * the Japanese one).
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
  /** CSS font-family list for ctx.font, e.g. `"CaptchaBundledCJK"`. */
  family: string;
  /**
   * The file registered from: CAPTCHA_FONT's, the bundled one, or with CAPTCHA_FONT=system the installed one
   * fc-list or a known path gave (the bundled one when there is none; it comes last in `family` either way).
   */
  file: string | null;
}

const MISSING =
  '验证码模块启动失败：找不到内置中文字体 @expo-google-fonts/noto-sans-sc（请运行 npm install），无法绘制点选验证码。' +
  '也可用环境变量 CAPTCHA_FONT 指定一个中文字体文件（.ttf/.otf/.ttc），或设为 system 使用系统字体。';

/** By CAPTCHA_FONT value ('' for the bundled font): the canvas's font registry is per process. */
const loaded = new Map<string, CaptchaFont>();

/** The bundled font file, or null when its package is not installed. */
export function bundledFontFile(spec: string = BUNDLED_FONT): string | null {
  try {
    return require.resolve(spec);
  } catch {
    return null;
  }
}

/**
 * Registers the captcha font once per process, then checks that Chinese text really renders with it. CAPTCHA_FONT:
 * unset or empty, the bundled font; `system`, the installed CJK fonts as found before there was a bundled one
 * (fontconfig's `fc-list :lang=zh`, then known paths; the bundled font behind them); else a font file to use.
 * Throws an Error with a Chinese message when nothing renders: the captcha routes refuse to start rather than
 * draw empty boxes.
 */
export function loadCaptchaFont(env: NodeJS.ProcessEnv = process.env): CaptchaFont {
  const configured = env.CAPTCHA_FONT?.trim() ?? '';
  const cached = loaded.get(configured);
  if (cached) return cached;
  const { GlobalFonts } = canvasLib();
  if (configured && configured !== 'system') {
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

  const bundled = bundledFontFile();
  if (bundled && !GlobalFonts.has(BUNDLED_FAMILY)) GlobalFonts.registerFromPath(bundled, BUNDLED_FAMILY);
  const families: string[] = [];
  let file = bundled;
  if (configured === 'system') {
    file = findCjkFontFile(env);
    if (file && !GlobalFonts.has(REGISTERED_FAMILY)) GlobalFonts.registerFromPath(file, REGISTERED_FAMILY);
    families.push(...PREFERRED_FAMILIES, ...(file ? [REGISTERED_FAMILY] : []));
    file ??= bundled;
  }
  if (bundled) families.push(BUNDLED_FAMILY);
  const font = { family: families.map((f) => `"${f}"`).join(', '), file };
  if (!families.length || !rendersChinese(font.family)) throw new Error(MISSING);
  loaded.set(configured, font);
  return font;
}

/**
 * The start-up check, without Skia: CAPTCHA_FONT names an existing file, or the bundled font is installed
 * (CAPTCHA_FONT=system: or a system CJK font is there). Throws the same Chinese messages as loadCaptchaFont,
 * which draws the test glyphs on first use.
 */
export function locateCaptchaFont(env: NodeJS.ProcessEnv = process.env): void {
  const configured = env.CAPTCHA_FONT?.trim() ?? '';
  if (configured && configured !== 'system') {
    if (!existsSync(configured)) throw new Error(`验证码模块启动失败：CAPTCHA_FONT 指定的字体文件不存在：${configured}`);
    return;
  }
  if (bundledFontFile()) return;
  if (configured !== 'system' || !findCjkFontFile(env)) throw new Error(MISSING);
}

/** An installed CJK font file: what fontconfig lists (a bold sans face first), else a known path. */
function findCjkFontFile(env: NodeJS.ProcessEnv): string | null {
  let listed: string[] = [];
  try {
    listed = execFileSync('fc-list', [':lang=zh', 'file'], { encoding: 'utf8', timeout: 5_000, stdio: ['ignore', 'pipe', 'ignore'], env })
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
