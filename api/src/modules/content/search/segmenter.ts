import { type JiebaSegmenter, loadJieba } from './jieba';

let jieba: JiebaSegmenter | undefined;

/**
 * One segmenter per process, made on first use (0.1 s; about 7 MB of typed arrays, which a server that never
 * searches does not pay): jieba's cut in TypeScript (./jieba.ts) over the dictionary @node-rs/jieba ships, which cuts
 * as @node-rs/jieba does with 30 MB less memory.
 */
function instance(): JiebaSegmenter {
  jieba ??= loadJieba();
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
  return normalise(instance().cut(text));
}

/** All the jieba `cut`, punctuation and spaces included (for /api/cut-words/, which shows the raw cut). */
export function cutRaw(text: string): string[] {
  return instance().cut(text);
}

/**
 * Index tokens of a text in order (jieba `cutForSearch`: words plus their shorter sub-words), followed by
 * every Han character of the text, so that a one-character query still finds it.
 */
export function indexTokens(text: string): string[] {
  const words = normalise(instance().cutForSearch(text));
  const chars = [...text].filter((c) => HAN.test(c));
  return [...words, ...chars];
}

/** Loads the dictionary now rather than on the first request (the seed and benchmarks). */
export function warmUpSegmenter(): void {
  instance();
}
