import { Jieba } from '@node-rs/jieba';
import { dict } from '@node-rs/jieba/dict';

let jieba: Jieba | undefined;

/** One jieba instance per process (loading its dictionary takes about 0.2 s). */
function instance(): Jieba {
  jieba ??= Jieba.withDict(dict);
  return jieba;
}

/** A token worth indexing or searching: letters or digits only (no punctuation, no spaces). */
const WORD = /^[\p{L}\p{N}]+$/u;
const HAN = /\p{Script=Han}/u;
const MAX_TOKEN_CHARS = 30;

function normalise(tokens: string[]): string[] {
  const out: string[] = [];
  for (const raw of tokens) {
    const token = raw.trim().toLowerCase();
    if (token && token.length <= MAX_TOKEN_CHARS && WORD.test(token)) out.push(token);
  }
  return out;
}

/** Words of a text as a reader would split it (jieba `cut`, HMM on): what /api/cut-words/ and queries use. */
export function cutWords(text: string): string[] {
  return normalise(instance().cut(text, true));
}

/** All the jieba `cut`, punctuation and spaces included (for /api/cut-words/, which shows the raw cut). */
export function cutRaw(text: string): string[] {
  return instance().cut(text, true);
}

/**
 * Index tokens of a text in order (jieba `cutForSearch`: words plus their shorter sub-words), followed by
 * every Han character of the text, so that a one-character query still finds it.
 */
export function indexTokens(text: string): string[] {
  const words = normalise(instance().cutForSearch(text, true));
  const chars = [...text].filter((c) => HAN.test(c));
  return [...words, ...chars];
}

/** Loads the dictionary now rather than on the first request. */
export function warmUpSegmenter(): void {
  instance();
}
