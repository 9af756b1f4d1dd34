const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

/**
 * Safe HTML of `text` with every occurrence of a term wrapped in <em>: matches are found on the raw text
 * (case-insensitive, longest term first), then each piece is escaped on its own, so nothing from the text can
 * become markup and a term can never match inside an entity.
 */
export function highlight(text: string, terms: readonly string[]): string {
  const wanted = [...new Set(terms.map((t) => t.toLowerCase()).filter(Boolean))].sort((a, b) => b.length - a.length);
  if (!wanted.length || !text) return escapeHtml(text);
  const lower = text.toLowerCase();
  // lower-casing may change lengths for a few scripts; then only exact-case matching is safe
  const haystack = lower.length === text.length ? lower : text;
  let out = '';
  let plain = '';
  let i = 0;
  while (i < text.length) {
    const term = wanted.find((t) => haystack.startsWith(t, i));
    if (term) {
      out += `${escapeHtml(plain)}<em>${escapeHtml(text.slice(i, i + term.length))}</em>`;
      plain = '';
      i += term.length;
    } else {
      plain += text[i];
      i += 1;
    }
  }
  return out + escapeHtml(plain);
}
