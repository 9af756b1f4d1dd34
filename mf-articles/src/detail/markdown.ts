/**
 * A small Markdown renderer for blog bodies and Markdown previews: headings, paragraphs, lists, block quotes,
 * fenced and inline code, links, images, emphasis, rules. Every piece of text is HTML-escaped before any tag is
 * written, and links/images only keep http(s), mailto and site-relative addresses, so the output holds no markup
 * from the source; the page still passes it through DOMPurify (sanitize.ts) before it reaches the DOM.
 */

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

/** An address a link or image may point at; anything else (javascript:, data:, vbscript:, ...) is dropped. */
export function safeUrl(raw: string): string | null {
  const url = raw.trim();
  if (/^(https?:|mailto:)/i.test(url)) return url;
  if (/^(\/(?!\/)|#|\.{1,2}\/)/.test(url)) return url;
  if (!/^[a-z][a-z0-9+.-]*:/i.test(url) && !url.startsWith('//') && url !== '') return url; // a relative path
  return null;
}

function inline(source: string): string {
  // code spans first, kept aside so nothing inside them is formatted
  const codes: string[] = [];
  // (private-use marks hold their places; any in the source are dropped first)
  let text = source.replace(/[\uE000\uE001]/g, '').replace(/`([^`]+)`/g, (_, code: string) => {
    codes.push(`<code>${escapeHtml(code)}</code>`);
    return `\uE000${codes.length - 1}\uE001`;
  });
  text = escapeHtml(text);
  text = text.replace(/!\[([^\]]*)\]\(([^)\s]+)(?:\s+&quot;([^&]*)&quot;)?\)/g, (_, alt: string, src: string) => {
    const url = safeUrl(unescape(src));
    return url ? `<img src="${escapeHtml(url)}" alt="${alt}" loading="lazy">` : alt;
  });
  text = text.replace(/\[([^\]]+)\]\(([^)\s]+)(?:\s+&quot;([^&]*)&quot;)?\)/g, (_, label: string, href: string) => {
    const url = safeUrl(unescape(href));
    return url ? `<a href="${escapeHtml(url)}" rel="nofollow noopener" target="_blank">${label}</a>` : label;
  });
  text = text
    .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>')
    .replace(/__([^_]+)__/g, '<strong>$1</strong>')
    .replace(/\*([^*\s][^*]*)\*/g, '<em>$1</em>')
    .replace(/(^|[^\w])_([^_\s][^_]*)_(?!\w)/g, '$1<em>$2</em>')
    .replace(/~~([^~]+)~~/g, '<del>$1</del>');
  return text.replace(/\uE000(\d+)\uE001/g, (_, i: string) => codes[Number(i)]);
}

// the escaped form back to text before checking an address (escapeHtml runs again when it is written)
function unescape(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#39);/g, (m) => ({ '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" })[m] ?? m);
}

const LIST_ITEM = /^(\s*)([-*+]|\d{1,9}[.)])\s+(.*)$/;

/** Markdown to HTML (see above: escaped text, safe addresses only). */
export function renderMarkdown(markdown: string): string {
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  const out: string[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    const fence = /^\s*(```|~~~)\s*([\w+-]*)\s*$/.exec(line);
    if (fence) {
      const body: string[] = [];
      i += 1;
      while (i < lines.length && !lines[i].trim().startsWith(fence[1])) body.push(lines[i++]);
      i += 1;
      const lang = fence[2] ? ` class="language-${escapeHtml(fence[2])}"` : '';
      out.push(`<pre><code${lang}>${escapeHtml(body.join('\n'))}</code></pre>`);
      continue;
    }
    if (line.trim() === '') {
      i += 1;
      continue;
    }
    const heading = /^(#{1,6})\s+(.*?)\s*#*\s*$/.exec(line);
    if (heading) {
      const level = heading[1].length;
      out.push(`<h${level}>${inline(heading[2])}</h${level}>`);
      i += 1;
      continue;
    }
    if (/^\s{0,3}([-*_])(\s*\1){2,}\s*$/.test(line)) {
      out.push('<hr>');
      i += 1;
      continue;
    }
    if (/^\s{0,3}>/.test(line)) {
      const quoted: string[] = [];
      while (i < lines.length && /^\s{0,3}>/.test(lines[i])) quoted.push(lines[i++].replace(/^\s{0,3}>\s?/, ''));
      out.push(`<blockquote>${renderMarkdown(quoted.join('\n'))}</blockquote>`);
      continue;
    }
    const item = LIST_ITEM.exec(line);
    if (item) {
      const ordered = /\d/.test(item[2]);
      const items: string[] = [];
      while (i < lines.length) {
        const m = LIST_ITEM.exec(lines[i]);
        if (m && /\d/.test(m[2]) === ordered) {
          items.push(m[3]);
          i += 1;
        } else if (lines[i].trim() !== '' && /^\s{2,}/.test(lines[i]) && items.length) {
          items[items.length - 1] += ` ${lines[i++].trim()}`; // a continued item
        } else break;
      }
      const tag = ordered ? 'ol' : 'ul';
      out.push(`<${tag}>${items.map((t) => `<li>${inline(t)}</li>`).join('')}</${tag}>`);
      continue;
    }
    const para: string[] = [];
    while (
      i < lines.length &&
      lines[i].trim() !== '' &&
      !/^(#{1,6})\s/.test(lines[i]) &&
      !/^\s{0,3}>/.test(lines[i]) &&
      !/^\s*(```|~~~)/.test(lines[i]) &&
      !LIST_ITEM.test(lines[i])
    ) {
      para.push(lines[i++]);
    }
    out.push(`<p>${para.map((p) => inline(p.trim())).join('<br>')}</p>`);
  }
  return out.join('\n');
}

/** The body without a first '# heading' that repeats the title shown above it. */
export function withoutTitle(markdown: string, title: string): string {
  const m = /^\s*#\s+(.+?)\s*#*\s*(\n|$)/.exec(markdown);
  return m && m[1].trim() === title.trim() ? markdown.slice(m[0].length) : markdown;
}
