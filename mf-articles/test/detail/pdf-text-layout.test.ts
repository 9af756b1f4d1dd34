import type { TextContent, TextItem, TextMarkedContent } from 'pdfjs-dist/types/src/display/api';
import { layoutText, type Measure, type PageView } from '../../src/detail/pdf/host.worker';

// The text layer's layout, done in the PDF host worker: pdf.js's TextLayer arithmetic on the page's text content.
const SANS = { fontFamily: 'sans-serif', ascent: 0.9, descent: -0.2, vertical: false };
const content = (items: (TextItem | TextMarkedContent)[], styles: TextContent['styles'] = { f1: SANS }): TextContent => ({ items, styles, lang: 'zh' });
const item = (over: Partial<TextItem> = {}): TextItem => ({
  str: '静夜思',
  dir: 'ltr',
  transform: [12, 0, 0, 12, 72, 700],
  width: 36,
  height: 12,
  fontName: 'f1',
  hasEOL: false,
  ...over,
});
/** An A4 page at scale 1: PDF space (y up) to the box (y down). */
const A4: PageView = { width: 595, height: 842, transform: [1, 0, 0, -1, 0, 842] };
/** Every family's ascent is 0.8 of its height; a character is half as wide as the font is high. */
const measure = (): Measure & { width: jest.Mock } => ({ ascent: () => 0.8, width: jest.fn((text: string, size: number) => text.length * size * 0.5) });

describe('text layer layout (PDF host worker)', () => {
  test('a run is placed where the canvas draws it: left and top edge in per cent of the page, from the baseline less the ascent', () => {
    const [run] = layoutText(content([item()]), A4, 1, 1, measure());
    expect(run.str).toBe('静夜思');
    expect(run.left).toBe(Math.round((100 * 72 * 100) / 595) / 100);
    expect(run.top).toBe(Math.round((100 * (842 - 700 - 12 * 0.8) * 100) / 842) / 100);
    expect(run.fontHeight).toBe(12);
    expect(run.fontFamily).toBe('sans-serif');
    expect(run.angle).toBe(0);
    expect(run.dir).toBe('ltr');
    expect(run.eol).toBe(false);
  });

  test('a run is stretched to the width it has on the canvas, measured at the size it is shown at', () => {
    const m = measure();
    // 36 points wide on the canvas; the font is measured 1.5 em wide for three characters: stretched twice
    const [run] = layoutText(content([item()]), A4, 600 / 595, 2, m);
    expect(run.scaleX).toBeCloseTo(2, 5);
    const [[text, size, family]] = m.width.mock.calls;
    expect([text, family]).toEqual(['静夜思', 'sans-serif']);
    // 12 points at 600/595 CSS pixels a point is 12.10 px, rounded as pdf.js rounds it (7 significant bits): 12.125,
    // times the device pixels per CSS pixel
    expect(size).toBe(12.125 * 2);
  });

  test('one character is not stretched, unless its glyph is drawn squeezed; a space never', () => {
    const m = measure();
    const runs = layoutText(
      content([item({ str: '月', width: 24 }), item({ str: '月', width: 12, transform: [6, 0, 0, 12, 72, 600] }), item({ str: ' ', width: 30 })]),
      A4,
      1,
      1,
      m,
    );
    // the squeezed one: 12 points on the canvas, measured half its 12-point height: stretched twice
    expect(runs.map((r) => r.scaleX)).toEqual([1, 2, 1]);
    expect(m.width).toHaveBeenCalledTimes(1);
  });

  test('an empty run that ends a line is a line break only; marked content is skipped', () => {
    const runs = layoutText(content([{ type: 'beginMarkedContent', id: '' }, item({ str: '', width: 0, hasEOL: true }), { type: 'endMarkedContent', id: '' }]), A4, 1, 1, measure());
    expect(runs).toEqual([expect.objectContaining({ str: '', eol: true, scaleX: 1 })]);
  });

  test("a rotated page's text is placed and turned from the page's own viewport (no rotation CSS needed)", () => {
    // /Rotate 90: the page box is 842 wide, 595 high; PDF (x, y) goes to (y, x)
    const turned: PageView = { width: 842, height: 595, transform: [0, 1, 1, 0, 0, 0] };
    const [run] = layoutText(content([item()]), turned, 1, 1, measure());
    expect(run.angle).toBeCloseTo(90, 5);
    expect(run.fontHeight).toBe(12);
    // the baseline at (700, 72), moved by the ascent (9.6) across the turned line
    expect(run.left).toBe(Math.round((100 * 709.6 * 100) / 842) / 100);
    expect(run.top).toBeCloseTo((100 * 72) / 595, 1);
  });

  test('a vertical font turns the run and stretches it along its height', () => {
    const m = measure();
    const [run] = layoutText(content([item({ width: 12, height: 54 })], { f1: { ...SANS, vertical: true } }), A4, 1, 1, m);
    expect(run.angle).toBeCloseTo(90, 5);
    expect(run.scaleX).toBeCloseTo(54 / 18, 5);
  });

  test("the ascent is the font's, per family", () => {
    const m: Measure = { ascent: (family) => (family === 'serif' ? 0.5 : 0.8), width: () => 10 };
    const [serif, sans] = layoutText(content([item({ fontName: 'f2' }), item()], { f1: SANS, f2: { ...SANS, fontFamily: 'serif' } }), A4, 1, 1, m);
    expect(serif.fontFamily).toBe('serif');
    expect(serif.top).toBe(Math.round((100 * (842 - 700 - 6) * 100) / 842) / 100);
    expect(sans.top).toBe(Math.round((100 * (842 - 700 - 9.6) * 100) / 842) / 100);
  });
});
