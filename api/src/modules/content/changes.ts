import type { FastifyInstance } from 'fastify';
import { keepListening } from '../../core/db/listen';

/** The NOTIFY channel of changes to what the public lists and searches show: migration 0060's triggers send on it. */
export const CONTENT_CHANGES_CHANNEL = 'content_changes';

/**
 * What changed: 'items' the shown fields of a public document or blog but its counts (lists and searches answer anew),
 * 'lists' which items a list holds (one published, taken down, deleted, moved to another category or uploader: the
 * lists' counts too), 'categories' the category tree (and with it what a category's list holds).
 */
export type ContentChange = 'items' | 'lists' | 'categories';

/** The document or blog a change was made to, when it was one (migration 0066 names it; without, anything may have changed). */
export interface ChangedItem {
  table: 'documents' | 'blogs';
  id: number;
}

/**
 * A NOTIFY payload: `items`, `lists` or `categories`, followed by `:documents:<id>` or `:blogs:<id>` for a change of
 * one row (migration 0066). Anything else is read as a change of the category tree: everything is answered anew.
 */
export function parseContentChange(payload: string): { change: ContentChange; item?: ChangedItem } {
  const [kind, table, id] = payload.split(':');
  const change: ContentChange = kind === 'items' || kind === 'lists' ? kind : 'categories';
  const n = Number(id);
  if (change !== 'categories' && (table === 'documents' || table === 'blogs') && Number.isSafeInteger(n) && n > 0) return { change, item: { table, id: n } };
  return { change };
}

/**
 * The generations the content caches are kept under. Every write to `documents`, `blogs`, `blog_appendices` and
 * `content_categories` that a visitor could see, but a count, is told by the database (triggers of migrations 0060 and
 * 0065, NOTIFY on
 * CONTENT_CHANGES_CHANNEL, heard by every API process once the write commits); a write of this process also calls
 * `changed`, so that its own next request never waits for that message (PostgreSQL delivers it a moment later).
 */
export interface ContentChanges {
  /** Bumped by every change: answers and searches made under another one are stale. */
  items(): number;
  /** Bumped by 'lists' and 'categories' changes: list counts made under another one are stale. */
  lists(): number;
  /** Whether every change is heard now: false until LISTEN is in place and while its connection is down. */
  live(): boolean;
  /** `item`: the one document or blog changed, when it is known (the kept search words drop only its own). */
  changed(change: ContentChange, item?: ChangedItem): void;
  /** Calls `listener` on each change of this process or another. */
  onChange(listener: (change: ContentChange, item?: ChangedItem) => void): void;
}

export async function contentChanges(app: FastifyInstance): Promise<ContentChanges> {
  let items = 0;
  let lists = 0;
  let live = false;
  const listeners: ((change: ContentChange, item?: ChangedItem) => void)[] = [];
  const changed = (change: ContentChange, item?: ChangedItem) => {
    items += 1;
    if (change !== 'items') lists += 1;
    for (const listener of listeners) listener(change, item);
  };
  const changes: ContentChanges = {
    items: () => items,
    lists: () => lists,
    live: () => live,
    changed,
    onChange: (listener) => void listeners.push(listener),
  };
  await keepListening(app, CONTENT_CHANGES_CHANNEL, 'content caches paused', {
    message: (payload) => {
      const { change, item } = parseContentChange(payload);
      changed(change, item);
    },
    // anything may have changed while nothing was heard
    up: () => {
      live = true;
      changed('categories');
    },
    down: () => {
      live = false;
      changed('categories');
    },
  });
  return changes;
}
