/**
 * Clean-up of free text people post (comments, complaints): NFC; no control, zero-width or direction-override
 * characters; no HTML tags, and a lone < or > becomes its full-width form (a comment is plain text, and some
 * clients render messages as HTML); at most two blank lines in a row; trimmed. The length limit applies to the
 * cleaned text.
 */
export function cleanText(input: string): string {
  return input
    .normalize('NFC')
    .replace(/\r\n?/g, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/</g, '＜')
    .replace(/>/g, '＞')
    // control (Cc) and format (Cf: zero-width, direction overrides, BOM) characters, the line break kept
    .replace(/(?!\n)[\p{Cc}\p{Cf}]/gu, '')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Visible length as people count it (code points, so an emoji is one). */
export function textLength(text: string): number {
  return [...text].length;
}
