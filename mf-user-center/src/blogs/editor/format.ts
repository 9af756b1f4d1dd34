/**
 * The toolbar's edits as pure functions of the text and the selection: each answers the new text and where the
 * selection goes, so the textarea keeps its undo-friendly single replacement and tests need no DOM.
 */
export interface Edit {
  text: string;
  start: number;
  end: number;
}

export type Tool = 'h2' | 'bold' | 'italic' | 'strike' | 'ul' | 'ol' | 'task' | 'quote' | 'code' | 'link' | 'table' | 'image';

/** Wraps the selection (or a placeholder word, selected) in `before` and `after`. */
function wrap(e: Edit, before: string, after: string, placeholder: string): Edit {
  const chosen = e.text.slice(e.start, e.end) || placeholder;
  const text = e.text.slice(0, e.start) + before + chosen + after + e.text.slice(e.end);
  return { text, start: e.start + before.length, end: e.start + before.length + chosen.length };
}

/** Prefixes every line the selection touches (numbered for an ordered list). */
function prefixLines(e: Edit, prefix: (i: number) => string): Edit {
  const lineStart = e.text.lastIndexOf('\n', e.start - 1) + 1;
  const nextBreak = e.text.indexOf('\n', e.end);
  const lineEnd = nextBreak === -1 ? e.text.length : nextBreak;
  const lines = e.text.slice(lineStart, lineEnd).split('\n').map((line, i) => prefix(i) + line);
  const block = lines.join('\n');
  return { text: e.text.slice(0, lineStart) + block + e.text.slice(lineEnd), start: lineStart, end: lineStart + block.length };
}

/** Puts a block on lines of its own (blank lines around it), the `select` part of it selected. */
function insertBlock(e: Edit, block: string, select: [number, number]): Edit {
  const before = e.text.slice(0, e.start);
  const after = e.text.slice(e.end);
  const lead = before === '' || before.endsWith('\n\n') ? '' : before.endsWith('\n') ? '\n' : '\n\n';
  const trail = after.startsWith('\n') ? '' : '\n';
  const at = before.length + lead.length;
  return { text: before + lead + block + trail + after, start: at + select[0], end: at + select[1] };
}

const TABLE = '| 列 1 | 列 2 | 列 3 |\n| --- | --- | --- |\n| 内容 | 内容 | 内容 |';

export function applyTool(tool: Tool, e: Edit, words: { link: string; image: string; code: string }): Edit {
  switch (tool) {
    case 'h2':
      return prefixLines(e, () => '## ');
    case 'bold':
      return wrap(e, '**', '**', '加粗文字');
    case 'italic':
      return wrap(e, '*', '*', '斜体文字');
    case 'strike':
      return wrap(e, '~~', '~~', '删除的文字');
    case 'ul':
      return prefixLines(e, () => '- ');
    case 'ol':
      return prefixLines(e, (i) => `${i + 1}. `);
    case 'task':
      return prefixLines(e, () => '- [ ] ');
    case 'quote':
      return prefixLines(e, () => '> ');
    case 'code': {
      const code = e.text.slice(e.start, e.end) || words.code;
      return insertBlock({ ...e }, '```js\n' + code + '\n```', [6, 6 + code.length]);
    }
    case 'link': {
      const label = e.text.slice(e.start, e.end) || words.link;
      const text = `${e.text.slice(0, e.start)}[${label}](https://)${e.text.slice(e.end)}`;
      const urlAt = e.start + label.length + 3;
      return { text, start: urlAt, end: urlAt + 8 };
    }
    case 'table':
      return insertBlock(e, TABLE, [2, 5]);
    case 'image': {
      const alt = e.text.slice(e.start, e.end) || words.image;
      return wrap({ ...e, text: e.text.slice(0, e.start) + alt + e.text.slice(e.end), end: e.start + alt.length }, '![', '](https://)', alt);
    }
  }
}

/** Replaces the first occurrence of `from` (a picture's placeholder) with `to`; the text unchanged when it is gone. */
export function replaceOnce(text: string, from: string, to: string): string {
  const at = text.indexOf(from);
  return at === -1 ? text : text.slice(0, at) + to + text.slice(at + from.length);
}
