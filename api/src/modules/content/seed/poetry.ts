import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import * as OpenCC from 'opencc-js';

/** One text of the chinese-poetry package (MIT), in simplified characters. */
export interface Poem {
  title: string;
  author: string;
  /** Category key of the seed's tree. */
  collection: 'tang' | 'songshi' | 'songci' | 'yuanqu' | 'shijing' | 'lunyu';
  lines: string[];
}

const root = path.join(path.dirname(require.resolve('chinese-poetry/package.json')), 'dist');
// the Tang and Song poems of the package are in traditional characters; readers search in simplified ones
const toSimplified = OpenCC.Converter({ from: 't', to: 'cn' });

function readJson<T>(...parts: string[]): T {
  return JSON.parse(readFileSync(path.join(root, ...parts), 'utf8')) as T;
}

function numbered(dir: string, prefix: string): string[] {
  return readdirSync(path.join(root, dir))
    .filter((f) => f.startsWith(prefix) && /\.\d+\.json$/.test(f))
    .sort((a, b) => Number(a.split('.')[2]) - Number(b.split('.')[2]));
}

interface RawPoem {
  title?: string;
  rhythmic?: string;
  author?: string;
  paragraphs?: string[];
}

function clean(lines: string[] | undefined): string[] {
  return (lines ?? []).map((l) => l.trim()).filter(Boolean);
}

function* shi(prefix: 'poet.tang' | 'poet.song', collection: Poem['collection']): Generator<Poem> {
  for (const file of numbered('quantangshi', prefix)) {
    for (const p of readJson<RawPoem[]>('quantangshi', file)) {
      const lines = clean(p.paragraphs).map((l) => toSimplified(l));
      if (!p.title || !lines.length) continue;
      yield { title: toSimplified(p.title), author: toSimplified(p.author ?? '佚名'), collection, lines };
    }
  }
}

function* songci(): Generator<Poem> {
  for (const file of numbered('songci', 'ci.song')) {
    for (const p of readJson<RawPoem[]>('songci', file)) {
      const lines = clean(p.paragraphs);
      if (!p.rhythmic || !lines.length) continue;
      yield { title: p.rhythmic, author: p.author ?? '佚名', collection: 'songci', lines };
    }
  }
}

function* yuanqu(): Generator<Poem> {
  for (const p of readJson<RawPoem[]>('yuanqu', 'yuanqu.json')) {
    const lines = clean(p.paragraphs);
    if (!p.title || !lines.length) continue;
    yield { title: p.title, author: p.author ?? '佚名', collection: 'yuanqu', lines };
  }
}

function* shijing(): Generator<Poem> {
  for (const p of readJson<{ title: string; chapter: string; section: string; content: string[] }[]>('shijing', 'shijing.json')) {
    yield { title: p.title, author: `诗经·${p.chapter}·${p.section}`, collection: 'shijing', lines: clean(p.content) };
  }
}

function* lunyu(): Generator<Poem> {
  for (const p of readJson<{ chapter: string; paragraphs: string[] }[]>('lunyu', 'lunyu.json')) {
    yield { title: `论语·${p.chapter}`, author: '孔子弟子及再传弟子', collection: 'lunyu', lines: clean(p.paragraphs) };
  }
}

/**
 * Texts from every collection, interleaved by weight (Tang and Song poems most), as long as any is left.
 * Deterministic: the same call yields the same texts in the same order.
 */
export function* poems(): Generator<Poem> {
  const sources: [Generator<Poem>, number][] = [
    [shi('poet.tang', 'tang'), 6],
    [shi('poet.song', 'songshi'), 6],
    [songci(), 4],
    [yuanqu(), 2],
    [shijing(), 1],
    [lunyu(), 1],
  ];
  let live = sources.slice();
  while (live.length) {
    const next: typeof live = [];
    for (const entry of live) {
      let alive = true;
      for (let i = 0; i < entry[1]; i += 1) {
        const r = entry[0].next();
        if (r.done) {
          alive = false;
          break;
        }
        yield r.value;
      }
      if (alive) next.push(entry);
    }
    live = next;
  }
}
