import { Fragment, type ReactNode } from 'react';

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", '#39': "'" };

/** Turns the API's escaped text back into plain text (only entities; nothing here becomes markup). */
function unescape(text: string): string {
  return text.replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (whole, name: string) => {
    const known = ENTITIES[name.toLowerCase()];
    if (known) return known;
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return whole;
  });
}

/**
 * Parses a search highlight (escaped text with matches in <em>…</em>) into text and <mark> elements. It never
 * sets HTML: any other tag in the string, however it got there, is shown as text.
 */
export function highlightParts(html: string): ReactNode[] {
  const parts: ReactNode[] = [];
  const re = /<em>([\s\S]*?)<\/em>/g;
  let last = 0;
  let m: RegExpExecArray | null;
  while ((m = re.exec(html)) !== null) {
    if (m.index > last) parts.push(unescape(html.slice(last, m.index)));
    parts.push(<mark key={m.index}>{unescape(m[1])}</mark>);
    last = m.index + m[0].length;
  }
  if (last < html.length) parts.push(unescape(html.slice(last)));
  return parts;
}

/** Shows `html` (a search highlight) when there is one, else the plain `text`. */
export function Highlight({ html, text }: { html?: string; text: string }) {
  if (!html) return <>{text}</>;
  return (
    <>
      {highlightParts(html).map((part, i) => (
        <Fragment key={i}>{part}</Fragment>
      ))}
    </>
  );
}
