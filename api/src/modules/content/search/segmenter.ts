import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Jieba } from '@node-rs/jieba';

let jieba: Jieba | undefined;

/**
 * One jieba instance per process, made on first use (0.2 s; about 40 MB of native memory, which a server that
 * never searches does not pay). The dictionary file is read here rather than through '@node-rs/jieba/dict',
 * which also reads the 6 MB IDF table and keeps both buffers alive for good.
 */
function instance(): Jieba {
  if (!jieba) {
    // loaded here, not at the top: requiring the package maps its native library
    const { Jieba: JiebaClass } = require('@node-rs/jieba') as typeof import('@node-rs/jieba');
    jieba = JiebaClass.withDict(readFileSync(path.join(path.dirname(require.resolve('@node-rs/jieba')), 'dict.txt')));
  }
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

/** Loads the dictionary now rather than on the first request (the seed and benchmarks). */
export function warmUpSegmenter(): void {
  instance();
}
