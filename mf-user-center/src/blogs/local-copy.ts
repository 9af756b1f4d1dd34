import { getLocal, removeLocal, setLocal } from 'shared-kernel';
import type { DraftFields } from './api';

/**
 * The copy of a draft kept in this browser (localStorage) on every change: what a closed tab, a crash or a lost
 * network would otherwise lose. `version` is the server draft version the words were based on (0: never saved).
 */
export interface LocalCopy {
  id: number | null;
  version: number;
  fields: DraftFields;
  at: number;
}

/** Kept a month: a draft nobody came back to in that time is stale. */
const KEEP_DAYS = 30;

export const localKey = (id: number | null) => `blog-draft:${id ?? 'new'}`;

export function readLocalCopy(id: number | null): LocalCopy | null {
  const copy = getLocal<LocalCopy>(localKey(id));
  return copy && typeof copy === 'object' && copy.fields ? copy : null;
}

export function writeLocalCopy(copy: LocalCopy): void {
  setLocal(localKey(copy.id), copy, KEEP_DAYS);
}

export function dropLocalCopy(id: number | null): void {
  removeLocal(localKey(id));
}

export function sameFields(a: DraftFields, b: DraftFields): boolean {
  return a.title === b.title && a.summary === b.summary && a.content === b.content && a.category === b.category && a.cover === b.cover &&
    a.tags.join('\u0000') === b.tags.join('\u0000');
}

/** A copy with words in it (an empty new page leaves nothing to restore). */
export function hasWords(f: DraftFields): boolean {
  return Boolean(f.title.trim() || f.content.trim() || f.summary.trim());
}
