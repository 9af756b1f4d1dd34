const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const SPECIAL = /[&<>"']/;

export function escapeHtml(text: string): string {
  return SPECIAL.test(text) ? text.replace(/[&<>"']/g, (c) => ESCAPES[c]) : text;
}

/**
 * Safe HTML of a text with every occurrence of a term wrapped in <em>: matches are found on the raw text
 * (case-insensitive; where two start at one place, the longer term), then each piece is escaped on its own, so
 * nothing from the text can become markup and a term can never match inside an entity. Made once for a page's
 * terms. Each term's next occurrence is found with indexOf and the text is cut into slices: a search page made
 * anew highlights 40 texts, and walking them a character at a time was a third of the API's garbage under load
 * (docs/performance.md, "Garbage of a search made anew").
 */
export function highlighter(terms: readonly string[]): (text: string) => string {
  // longest first: of two terms starting at one place, the first found is the longer
  const wanted = [...new Set(terms.map((t) => t.toLowerCase()).filter(Boolean))].sort((a, b) => b.length - a.length);
  if (!wanted.length) return escapeHtml;
  return (text) => {
    if (!text) return text;
    const lower = text.toLowerCase();
    // lower-casing may change lengths for a few scripts; then only exact-case matching is safe
    const haystack = lower.length === text.length ? lower : text;
    const next = wanted.map((t) => haystack.indexOf(t));
    let out = '';
    let i = 0;
    for (;;) {
      let at = -1;
      let term = '';
      for (let k = 0; k < wanted.length; k += 1) {
        if (next[k] >= 0 && next[k] < i) next[k] = haystack.indexOf(wanted[k], i); // overlapped by the last match
        if (next[k] >= 0 && (at < 0 || next[k] < at)) {
          at = next[k];
          term = wanted[k];
        }
      }
      if (at < 0) return out + escapeHtml(text.slice(i));
      out += `${escapeHtml(text.slice(i, at))}<em>${escapeHtml(text.slice(at, at + term.length))}</em>`;
      i = at + term.length;
    }
  };
}

