import { isAxiosError } from 'axios';
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessageOf, routePath } from 'shared-kernel';
import { createBlog, saveDraft, type BlogDraft, type DraftFields, type MyBlog } from './api';
import { dropLocalCopy, hasWords, readLocalCopy, sameFields, writeLocalCopy } from './local-copy';

export type SaveState = 'idle' | 'dirty' | 'saving' | 'saved' | 'offline' | 'failed' | 'conflict' | 'needCategory';

/** Timings, changeable by tests. */
export const AUTOSAVE_TIMING = { delayMs: 1500, retryMs: 10_000 };

const EMPTY: DraftFields = { title: '', summary: '', content: '', category: 0, tags: [], cover: '' };

function fieldsOf(d: BlogDraft): DraftFields {
  return { title: d.title, summary: d.summary, content: d.content, category: d.category, tags: d.tags, cover: d.cover };
}

interface Start {
  fields: DraftFields;
  version: number;
  conflict: BlogDraft | null;
  restored: boolean;
}

/** Where the page starts: the server's draft, or the words this browser kept when they are newer (or differ). */
function startFrom(blog: MyBlog | null): Start {
  const local = readLocalCopy(blog?.id ?? null);
  if (!blog) return local && hasWords(local.fields) ? { fields: local.fields, version: 0, conflict: null, restored: true } : { fields: EMPTY, version: 0, conflict: null, restored: false };
  const server = fieldsOf(blog.draft);
  if (!local || sameFields(local.fields, server)) return { fields: server, version: blog.draft.version, conflict: null, restored: false };
  // words saved here after the server's version: put back; based on an older version: both, for the person to choose
  if (local.version >= blog.draft.version) return { fields: local.fields, version: blog.draft.version, conflict: null, restored: true };
  return { fields: local.fields, version: local.version, conflict: blog.draft, restored: true };
}

/**
 * A post's draft while it is written: every change is kept in this browser at once and saved to the server a
 * moment after typing stops (never during an input-method composition), with the draft version it was based on.
 * A stale save comes back as a conflict with the server's draft, which the page shows beside this one.
 */
export function useAutosave(blog: MyBlog | null, defaultCategory: number | undefined, onCreated?: (id: number) => void) {
  const [start] = useState(() => startFrom(blog));
  const [fields, setFields] = useState<DraftFields>(() => ({ ...start.fields, category: start.fields.category || defaultCategory || 0 }));
  const [state, setState] = useState<SaveState>(start.conflict ? 'conflict' : start.restored ? 'dirty' : 'idle');
  const [conflict, setConflict] = useState<BlogDraft | null>(start.conflict);
  const [message, setMessage] = useState('');
  const [savedAt, setSavedAt] = useState<Date | null>(null);
  const [id, setId] = useState<number | null>(blog?.id ?? null);
  const [status, setStatus] = useState<number>(blog?.status ?? 0);
  const ref = useRef({ fields, version: start.version, id, composing: false, inFlight: null as Promise<void> | null, conflict: !!start.conflict, ok: false, gone: false });
  ref.current.fields = fields;
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const saveNow = useCallback(async (): Promise<void> => {
    const r = ref.current;
    if (r.conflict) return;
    if (r.composing) return schedule(AUTOSAVE_TIMING.delayMs);
    if (r.inFlight) {
      await r.inFlight;
      return saveNow();
    }
    const sent = r.fields;
    if (!r.id && !sent.category) return setState('needCategory');
    setState('saving');
    const run = (async () => {
      try {
        const saved = r.id ? await saveDraft(r.id, { version: r.version, ...sent }) : await createBlog(sent);
        if (!r.id) {
          dropLocalCopy(null);
          r.id = saved.id;
          setId(saved.id);
          onCreated?.(saved.id);
          // the address of the post from now on (a reload finds it there); the page keeps this editor (onCreated)
          window.history.replaceState(window.history.state, '', routePath('user.blogs.edit', { id: String(saved.id) }));
        }
        r.version = saved.draft.version;
        setStatus(saved.status);
        writeLocalCopy({ id: r.id, version: r.version, fields: r.fields, at: Date.now() });
        setSavedAt(new Date());
        r.ok = true;
        setMessage('');
        setState(sameFields(sent, r.fields) ? 'saved' : 'dirty');
        if (!sameFields(sent, r.fields)) schedule(AUTOSAVE_TIMING.delayMs);
      } catch (error) {
        failed(error);
      }
    })();
    r.inFlight = run;
    await run;
    r.inFlight = null;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const failed = (error: unknown) => {
    ref.current.ok = false;
    if (isAxiosError(error) && error.response?.status === 409 && (error.response.data as { draft?: BlogDraft })?.draft) {
      ref.current.conflict = true;
      setConflict((error.response.data as { draft: BlogDraft }).draft);
      return setState('conflict');
    }
    if (isAxiosError(error) && !error.response) {
      setState('offline');
      return schedule(AUTOSAVE_TIMING.retryMs);
    }
    setMessage(errorMessageOf(error));
    setState('failed');
  };

  const schedule = (ms: number) => {
    clearTimeout(timer.current);
    if (ref.current.gone) return;
    timer.current = setTimeout(() => void saveNow(), ms);
  };

  useEffect(() => {
    if (start.restored && !start.conflict) schedule(AUTOSAVE_TIMING.delayMs);
    const online = () => void saveNow();
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('online', online);
      ref.current.gone = true;
      clearTimeout(timer.current);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const change = (patch: Partial<DraftFields>) => {
    const next = { ...ref.current.fields, ...patch };
    ref.current.fields = next;
    setFields(next);
    writeLocalCopy({ id: ref.current.id, version: ref.current.version, fields: next, at: Date.now() });
    if (!ref.current.conflict) {
      setState('dirty');
      schedule(AUTOSAVE_TIMING.delayMs);
    }
  };

  const setComposing = (composing: boolean) => {
    ref.current.composing = composing;
  };

  /** The person chose: their words over the server's, the server's, or both in one text. */
  const resolve = (choice: 'mine' | 'theirs' | 'both', separator: string) => {
    const theirs = conflict;
    if (!theirs) return;
    ref.current.version = theirs.version;
    ref.current.conflict = false;
    setConflict(null);
    if (choice === 'theirs') {
      ref.current.fields = fieldsOf(theirs);
      setFields(ref.current.fields);
      writeLocalCopy({ id: ref.current.id, version: theirs.version, fields: ref.current.fields, at: Date.now() });
      return setState('saved');
    }
    if (choice === 'both') change({ content: `${ref.current.fields.content}\n\n${separator}\n\n${theirs.content}` });
    else change({});
    void saveNow();
  };

  /** Saves what is unsaved now (before publishing); answers the post's id once the server has this text, else null. */
  const flush = async (): Promise<number | null> => {
    clearTimeout(timer.current);
    await saveNow();
    const r = ref.current;
    return r.ok && !r.conflict ? r.id : null;
  };

  return { fields, change, state, message, savedAt, conflict, resolve, id, status, setStatus, flush, setComposing, restored: start.restored };
}
