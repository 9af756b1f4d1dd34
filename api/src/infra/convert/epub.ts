import { posix } from 'node:path';
import { readZipEntries } from './archive';
import { ConversionError } from './types';

/** Largest single entry of an epub read (a chapter, the package file). */
const ENTRY_MAX_BYTES = 32 * 1024 * 1024;
/** Chapters read in all (XHTML markup around TEXT_MAX_CHARS of text; an epub may declare up to 1 GB). */
const CHAPTERS_MAX_BYTES = 64 * 1024 * 1024;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code < 0x110000 ? String.fromCodePoint(code) : '';
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** The readable text of an XHTML chapter; headings become "# " lines so the drawing makes them bigger. */
export function xhtmlText(xhtml: string): string {
  const body = xhtml
    .replace(/<head[\s\S]*?<\/head>/gi, '')
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, '')
    .replace(/<h([1-6])[^>]*>/gi, (_, level: string) => `\n${'#'.repeat(Number(level))} `)
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|h[1-6]|li|tr|blockquote|section|title)>/gi, '\n')
    .replace(/<[^>]*>/g, '');
  return decodeEntities(body)
    .split('\n')
    .map((l) => l.replace(/\s+/g, ' ').trim())
    .filter((l, i, all) => l || (i > 0 && all[i - 1]))
    .join('\n')
    .trim();
}

function attr(tag: string, name: string): string | undefined {
  return new RegExp(`\\s${name}\\s*=\\s*("([^"]*)"|'([^']*)')`, 'i').exec(tag)?.slice(2).find((v) => v !== undefined);
}

/** The chapters of an epub in spine order (container.xml → package file → manifest + spine), as text. */
export async function epubText(file: string): Promise<string> {
  const container = (await readZipEntries(file, (n) => n === 'META-INF/container.xml', ENTRY_MAX_BYTES)).get('META-INF/container.xml');
  const rootTag = container && /<rootfile\b[^>]*>/i.exec(container.toString('utf8'))?.[0];
  const opfPath = rootTag && attr(rootTag, 'full-path');
  if (!opfPath) throw new ConversionError('电子书已损坏（找不到 META-INF/container.xml 或其目录文件）');
  const opf = (await readZipEntries(file, (n) => n === opfPath, ENTRY_MAX_BYTES)).get(opfPath)?.toString('utf8');
  if (!opf) throw new ConversionError('电子书已损坏（找不到目录文件）');
  const hrefs = new Map<string, string>();
  for (const item of opf.match(/<item\b[^>]*>/gi) ?? []) {
    const id = attr(item, 'id');
    const href = attr(item, 'href');
    if (id && href) hrefs.set(id, posix.normalize(posix.join(posix.dirname(opfPath), decodeURIComponent(href))));
  }
  const order = (opf.match(/<itemref\b[^>]*>/gi) ?? []).map((ref) => hrefs.get(attr(ref, 'idref') ?? '')).filter((h): h is string => !!h);
  const wanted = new Set(order);
  const chapters = await readZipEntries(file, (n) => wanted.has(n), ENTRY_MAX_BYTES, CHAPTERS_MAX_BYTES);
  return order
    .map((href) => chapters.get(href))
    .filter((c): c is Buffer => !!c)
    .map((c) => xhtmlText(c.toString('utf8')))
    .filter(Boolean)
    .join('\n\n');
}
