import { readFileSync } from 'node:fs';
import path from 'node:path';
import { apiRoot } from '../../../core/paths';

/**
 * jieba's segmentation (`cut` with the HMM on, and `cutForSearch`), cutting exactly as @node-rs/jieba (jieba-rs) does
 * with the same dictionary, over compact arrays: the 349,045 words as one array of UTF-16 code units with offsets
 * and frequencies (about 5 MB), against about 40 MB of native memory for jieba-rs' trie and records. The API runs
 * in one process with PGlite under a 300 MB budget (docs/performance.md, "jieba in typed arrays").
 * `test/content-segmenter.test.ts` compares both on texts and on every character.
 *
 * The algorithm is jieba's: a graph of the dictionary words at each position, the most probable route through it
 * (log frequencies), runs of single characters that are no word cut by the HMM (Viterbi over B/M/E/S); the search
 * mode adds each long word's two- and three-character dictionary words.
 */

/** The HMM's probability of anything it never saw. */
const MIN_FLOAT = -3.14e100;

interface Dictionary {
  /** Every word's code units, word after word, in code-unit order of the words. */
  units: Uint16Array;
  /** Word i is units[starts[i] .. starts[i + 1]). */
  starts: Uint32Array;
  freqs: Uint32Array;
  /** The words starting with code unit c are [firstUnit[c], firstUnit[c + 1]). */
  firstUnit: Uint32Array;
  size: number;
  logTotal: number;
}

interface HmmModel {
  start: Float64Array;
  /** trans[from * 4 + to] */
  trans: Float64Array;
  /** The emission probabilities' row of a character (4 states per row). */
  rows: Map<number, number>;
  emit: Float64Array;
}

// The HMM's states, in jieba's order (a tie goes to the later state, as jieba's tuple comparison does).
const B = 0;
const E = 1;
const M = 2;
const S = 3;
/** The states a state can follow. */
const PREVIOUS: readonly (readonly number[])[] = [[E, S], [B, M], [M, B], [S, E]];
/** The order Viterbi visits the states in. */
const STATES = [B, M, E, S];

function compareWords(units: Uint16Array, starts: Uint32Array, a: number, b: number): number {
  const aStart = starts[a];
  const bStart = starts[b];
  const aLength = starts[a + 1] - aStart;
  const bLength = starts[b + 1] - bStart;
  const length = Math.min(aLength, bLength);
  for (let i = 0; i < length; i += 1) {
    const diff = units[aStart + i] - units[bStart + i];
    if (diff !== 0) return diff;
  }
  return aLength - bLength;
}

/** Reads `word freq [tag]` lines; the words end up in code-unit order (jieba's file is in UTF-8 byte order). */
export function parseDictionary(text: string): Dictionary {
  let lines = 1;
  for (let i = 0; i < text.length; i += 1) if (text.charCodeAt(i) === 10) lines += 1;
  const units = new Uint16Array(text.length);
  const starts = new Uint32Array(lines + 1);
  const freqs = new Uint32Array(lines);
  let size = 0;
  let used = 0;
  let total = 0;
  let i = 0;
  while (i < text.length) {
    let end = text.indexOf('\n', i);
    if (end < 0) end = text.length;
    let j = i;
    while (j < end && text.charCodeAt(j) > 32) j += 1;
    if (j > i) {
      starts[size] = used;
      for (let k = i; k < j; k += 1) units[used++] = text.charCodeAt(k);
      while (j < end && text.charCodeAt(j) === 32) j += 1;
      let freq = 0;
      while (j < end && text.charCodeAt(j) >= 48 && text.charCodeAt(j) <= 57) freq = freq * 10 + text.charCodeAt(j++) - 48;
      freqs[size] = freq;
      total += freq;
      size += 1;
    }
    i = end + 1;
  }
  starts[size] = used;
  let sorted = true;
  for (let w = 1; w < size && sorted; w += 1) sorted = compareWords(units, starts, w - 1, w) < 0;
  const dictionary = { units: units.slice(0, used), starts: starts.slice(0, size + 1), freqs: freqs.slice(0, size), size, logTotal: Math.log(total) };
  return withFirstUnits(sorted ? dictionary : sortDictionary(dictionary));
}

function withFirstUnits(d: Omit<Dictionary, 'firstUnit'>): Dictionary {
  const firstUnit = new Uint32Array(0x10001);
  let word = 0;
  for (let code = 0; code <= 0x10000; code += 1) {
    while (word < d.size && d.units[d.starts[word]] < code) word += 1;
    firstUnit[code] = word;
  }
  return { ...d, firstUnit };
}

/** A dictionary not in code-unit order (astral characters, or a file sorted otherwise), sorted; later duplicates win. */
function sortDictionary(d: Omit<Dictionary, 'firstUnit'>): Omit<Dictionary, 'firstUnit'> {
  const order = Array.from({ length: d.size }, (_, i) => i).sort((a, b) => compareWords(d.units, d.starts, a, b) || b - a);
  const units = new Uint16Array(d.units.length);
  const starts: number[] = [];
  const freqs: number[] = [];
  let used = 0;
  for (let n = 0; n < order.length; n += 1) {
    const w = order[n];
    if (n > 0 && compareWords(d.units, d.starts, order[n - 1], w) === 0) continue;
    starts.push(used);
    for (let k = d.starts[w]; k < d.starts[w + 1]; k += 1) units[used++] = d.units[k];
    freqs.push(d.freqs[w]);
  }
  let total = 0;
  for (const freq of freqs) total += freq;
  starts.push(used);
  return { units: units.slice(0, used), starts: Uint32Array.from(starts), freqs: Uint32Array.from(freqs), size: freqs.length, logTotal: Math.log(total) };
}

/** jieba's HMM model file: start probabilities, the transition matrix, then each state's `char:logprob,...` line. */
export function parseHmmModel(text: string): HmmModel {
  const lines = text.split('\n').filter((line) => line.trim() && !line.startsWith('#'));
  if (lines.length < 9) throw new Error('jieba HMM model: expected 9 data lines');
  const start = Float64Array.from(lines[0].trim().split(/\s+/).map(Number));
  const trans = Float64Array.from(lines.slice(1, 5).flatMap((line) => line.trim().split(/\s+/).map(Number)));
  const rows = new Map<number, number>();
  const entries: [number, number, number][] = [];
  for (let state = 0; state < 4; state += 1) {
    for (const pair of lines[5 + state].split(',')) {
      const colon = pair.lastIndexOf(':');
      const code = pair.codePointAt(0);
      if (colon < 1 || code === undefined) continue;
      if (!rows.has(code)) rows.set(code, rows.size);
      entries.push([rows.get(code) as number, state, Number(pair.slice(colon + 1))]);
    }
  }
  const emit = new Float64Array(rows.size * 4).fill(MIN_FLOAT);
  for (const [row, state, value] of entries) emit[row * 4 + state] = value;
  return { start, trans, rows, emit };
}

/** The CJK ideographs jieba-rs cuts by dictionary, besides the main block. */
function isCjkExtension(c: number): boolean {
  return (
    (c >= 0x3400 && c <= 0x4dbf) ||
    (c >= 0xf900 && c <= 0xfaff) ||
    (c >= 0x20000 && c <= 0x2a6df) ||
    (c >= 0x2a700 && c <= 0x2ebef) ||
    (c >= 0x2f800 && c <= 0x2fa1f)
  );
}

/** RE_HAN_DEFAULT: the characters a dictionary run is made of. */
function isDictionaryChar(c: number): boolean {
  if (c >= 0x4e00 && c <= 0x9fff) return true;
  if (c < 128) {
    return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 43 || c === 35 || c === 38 || c === 46 || c === 95 || c === 37 || c === 45;
  }
  return isCjkExtension(c);
}

/** The HMM's Chinese runs (RE_HAN) and, between them, letters and digits kept together (RE_SKIP). */
const HMM_HAN = /^[\u4E00-\u9FD5]+$/u;
const HMM_SPLIT = /([\u4E00-\u9FD5]+)/u;
const HMM_SKIP = /([a-zA-Z0-9]+(?:.\d+)?%?)/u;

export class JiebaSegmenter {
  constructor(
    private readonly dict: Dictionary,
    private readonly hmm: HmmModel,
  ) {}

  /** Whether a text is a dictionary word. */
  has(word: string): boolean {
    return this.find(word, 0, word.length) >= 0;
  }

  /** jieba's `cut(text, hmm = true)`, spaces and punctuation included. */
  cut(text: string): string[] {
    const words: string[] = [];
    let i = 0;
    while (i < text.length) {
      const first = text.codePointAt(i) as number;
      const dictionaryRun = isDictionaryChar(first);
      let end = i;
      while (end < text.length) {
        const c = text.codePointAt(end) as number;
        if (isDictionaryChar(c) !== dictionaryRun) break;
        end += c > 0xffff ? 2 : 1;
      }
      const run = text.slice(i, end);
      if (dictionaryRun) this.cutRun(run, words);
      else this.cutOther(run, words);
      i = end;
    }
    return words;
  }

  /** jieba's `cut_for_search(text, hmm = true)`: each word, after its two- and three-character dictionary words. */
  cutForSearch(text: string): string[] {
    const out: string[] = [];
    for (const word of this.cut(text)) {
      const chars = Array.from(word);
      if (chars.length > 2) {
        for (let i = 0; i + 1 < chars.length; i += 1) {
          const gram = chars[i] + chars[i + 1];
          if (this.has(gram)) out.push(gram);
        }
      }
      if (chars.length > 3) {
        for (let i = 0; i + 2 < chars.length; i += 1) {
          const gram = chars[i] + chars[i + 1] + chars[i + 2];
          if (this.has(gram)) out.push(gram);
        }
      }
      out.push(word);
    }
    return out;
  }

  /** Text between dictionary runs: each whitespace character (or CR LF) a token, every other character its own. */
  private cutOther(run: string, words: string[]): void {
    let i = 0;
    while (i < run.length) {
      if (run.startsWith('\r\n', i)) {
        words.push('\r\n');
        i += 2;
        continue;
      }
      const c = run.codePointAt(i) as number;
      const char = String.fromCodePoint(c);
      words.push(char);
      i += char.length;
    }
  }

  /** The index of the word `text[from, to)`, or -1. */
  private find(text: string, from: number, to: number): number {
    if (to <= from) return -1;
    this.first(text.charCodeAt(from));
    for (let depth = 1; depth < to - from && this.lo < this.hi; depth += 1) this.narrow(depth, text.charCodeAt(from + depth));
    const { lo, hi } = this;
    return lo < hi && this.dict.starts[lo + 1] - this.dict.starts[lo] === to - from ? lo : -1;
  }

  // The range of words [lo, hi) a walk has narrowed to (fields, so that a step allocates nothing).
  private lo = 0;
  private hi = 0;

  /** The words whose first code unit is `code`. */
  private first(code: number): void {
    this.lo = this.dict.firstUnit[code];
    this.hi = this.dict.firstUnit[code + 1];
  }

  /**
   * Of the words [lo, hi), which share their first `depth` code units, those whose next unit is `code` (a range:
   * the words are sorted, and the one of exactly `depth` units comes first).
   */
  private narrow(depth: number, code: number): void {
    const { units, starts } = this.dict;
    let lo = this.lo;
    const hi = this.hi;
    if (lo < hi && starts[lo + 1] - starts[lo] === depth) lo += 1;
    let a = lo;
    let b = hi;
    while (a < b) {
      const mid = (a + b) >>> 1;
      if (units[starts[mid] + depth] < code) a = mid + 1;
      else b = mid;
    }
    this.lo = a;
    b = hi;
    while (a < b) {
      const mid = (a + b) >>> 1;
      if (units[starts[mid] + depth] <= code) a = mid + 1;
      else b = mid;
    }
    this.hi = a;
  }

  /** A run of dictionary characters: the best route through its words, single characters left to the HMM. */
  private cutRun(run: string, words: string[]): void {
    const offsets = codePointOffsets(run);
    const n = offsets.length - 1;
    const { freqs, starts, logTotal } = this.dict;
    const prob = new Float64Array(n + 1);
    const next = new Int32Array(n + 1);
    // from the end back: each position's words (jieba's DAG, ends ascending, a tie to the longer) and best route
    for (let k = n - 1; k >= 0; k -= 1) {
      let best = -Infinity;
      let bestEnd = k + 1;
      this.first(run.charCodeAt(offsets[k]));
      let unit = offsets[k] + 1;
      let found = false;
      for (let x = k; x < n && this.lo < this.hi; x += 1) {
        for (; unit < offsets[x + 1] && this.lo < this.hi; unit += 1) this.narrow(unit - offsets[k], run.charCodeAt(unit));
        const { lo, hi } = this;
        if (lo >= hi) break;
        if (starts[lo + 1] - starts[lo] !== offsets[x + 1] - offsets[k] || freqs[lo] === 0) continue;
        found = true;
        const value = Math.log(freqs[lo]) - logTotal + prob[x + 1];
        if (value >= best) {
          best = value;
          bestEnd = x + 1;
        }
      }
      if (!found) {
        best = 0 - logTotal + prob[k + 1];
        bestEnd = k + 1;
      }
      prob[k] = best;
      next[k] = bestEnd;
    }
    let x = 0;
    let single = -1;
    while (x < n) {
      const y = next[x];
      if (y - x === 1) {
        if (single < 0) single = x;
      } else {
        if (single >= 0) this.cutSingles(run.slice(offsets[single], offsets[x]), x - single, words);
        single = -1;
        words.push(run.slice(offsets[x], offsets[y]));
      }
      x = y;
    }
    if (single >= 0) this.cutSingles(run.slice(offsets[single], offsets[n]), n - single, words);
  }

  /** Single characters in a row: one token if one, each alone if together they are a word, the HMM's cut if not. */
  private cutSingles(text: string, count: number, words: string[]): void {
    if (count === 1) words.push(text);
    else if (this.has(text)) words.push(...Array.from(text));
    else this.cutHmm(text, words);
  }

  /** jieba's finalseg: Chinese runs by Viterbi, letters and digits between them kept together. */
  private cutHmm(text: string, words: string[]): void {
    for (const block of text.split(HMM_SPLIT)) {
      if (!block) continue;
      if (HMM_HAN.test(block)) this.viterbiCut(block, words);
      else for (const piece of block.split(HMM_SKIP)) if (piece) words.push(piece);
    }
  }

  private viterbiCut(block: string, words: string[]): void {
    const chars = Array.from(block);
    const n = chars.length;
    const { start, trans, rows, emit } = this.hmm;
    const v = new Float64Array(n * 4);
    const from = new Int8Array(n * 4);
    const emission = (t: number, state: number) => {
      const row = rows.get(chars[t].codePointAt(0) as number);
      return row === undefined ? MIN_FLOAT : emit[row * 4 + state];
    };
    for (const y of STATES) v[y] = start[y] + emission(0, y);
    for (let t = 1; t < n; t += 1) {
      for (const y of STATES) {
        const em = emission(t, y);
        let best = -Infinity;
        let bestState = -1;
        for (const y0 of PREVIOUS[y]) {
          const value = v[(t - 1) * 4 + y0] + trans[y0 * 4 + y] + em;
          if (value > best || (value === best && y0 > bestState)) {
            best = value;
            bestState = y0;
          }
        }
        v[t * 4 + y] = best;
        from[t * 4 + y] = bestState;
      }
    }
    let state = v[(n - 1) * 4 + S] >= v[(n - 1) * 4 + E] ? S : E;
    const path = new Int8Array(n);
    for (let t = n - 1; t >= 0; t -= 1) {
      path[t] = state;
      state = from[t * 4 + state];
    }
    let begin = 0;
    let nextStart = 0;
    for (let i = 0; i < n; i += 1) {
      if (path[i] === B) begin = i;
      else if (path[i] === E) {
        words.push(chars.slice(begin, i + 1).join(''));
        nextStart = i + 1;
      } else if (path[i] === S) {
        words.push(chars[i]);
        nextStart = i + 1;
      }
    }
    if (nextStart < n) words.push(chars.slice(nextStart).join(''));
  }
}

/** The code-unit offset of each code point of a text, and its length last. */
function codePointOffsets(text: string): number[] {
  const offsets: number[] = [];
  for (let i = 0; i < text.length; ) {
    offsets.push(i);
    i += (text.codePointAt(i) as number) > 0xffff ? 2 : 1;
  }
  offsets.push(text.length);
  return offsets;
}

/** jieba's dictionary file, shipped by @node-rs/jieba. */
export function dictionaryFile(): string {
  return path.join(path.dirname(require.resolve('@node-rs/jieba')), 'dict.txt');
}

/** jieba's HMM model (the numbers jieba-rs compiles in), kept in the api package's data folder. */
export const HMM_MODEL_FILE = path.join(apiRoot, 'data', 'jieba-hmm-model.txt');

export function loadJieba(): JiebaSegmenter {
  return new JiebaSegmenter(parseDictionary(readFileSync(dictionaryFile(), 'utf8')), parseHmmModel(readFileSync(HMM_MODEL_FILE, 'utf8')));
}
