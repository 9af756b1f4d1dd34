import { useCallback, useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { createDoc, retryDoc, type DocFields, type DocProgress, type UploadSetting } from '../api/docs';
import { checkPicked, titleFromName } from './checks';
import { checkDraft, draftErrorsFrom, newDraft, type Draft, type DraftErrors } from './draft';
import { fieldErrorsOf, uploadErrorText } from './errors';
import { isFinal, progressOf, watchProgress } from './progress';
import { cancelUpload, forgetUpload, uploadFile } from './uploader';

/** waiting → uploading → submitting → created (then its conversion, live); or error (start again) or cancelled. */
export type Phase = 'waiting' | 'uploading' | 'submitting' | 'created' | 'error' | 'cancelled';

export interface UploadItem {
  key: string;
  file: File;
  draft: Draft;
  errors: DraftErrors;
  phase: Phase;
  /** Bytes on the server. */
  sent: number;
  resumed: boolean;
  /** Tries of the current chunk after a drop (0 when all is well). */
  retries: number;
  message: string;
  progress: DocProgress | null;
}

let counter = 0;

type Entry = { abort: AbortController; session: string | null };

/** One file's way: its chunks, then the document (its fields as checked), then its conversion to follow. */
async function sendOne(item: UploadItem, fields: DocFields, entry: Entry, patch: (change: Partial<UploadItem>) => void): Promise<void> {
  patch({ phase: 'uploading', message: '', retries: 0 });
  try {
    const upload = await uploadFile(item.file, {
      signal: entry.abort.signal,
      onSession: (id) => (entry.session = id),
      onProgress: (sent, resumed) => patch({ sent, resumed, retries: 0 }),
      onRetry: (retries) => patch({ retries }),
    });
    patch({ phase: 'submitting' });
    const doc = await createDoc({ ...fields, upload, agree: true });
    forgetUpload(item.file);
    patch({ phase: 'created', progress: progressOf(doc) });
  } catch (error) {
    if (!entry.abort.signal.aborted) patch({ phase: 'error', message: uploadErrorText(error), errors: draftErrorsFrom(fieldErrorsOf(error)) });
  }
}

/** One stream for every document of the batch still converting (opened again when the set changes). */
function useConversionOf(items: UploadItem[], setItems: Dispatch<SetStateAction<UploadItem[]>>): void {
  const watched = items.filter((i) => i.progress && !isFinal(i.progress.status)).map((i) => i.progress!.id).join(',');
  useEffect(() => {
    if (!watched) return;
    return watchProgress(watched.split(',').map(Number), (p) =>
      setItems((all) => all.map((item) => (item.progress?.id === p.id ? { ...item, progress: p } : item))),
    );
  }, [watched, setItems]);
}

const isPending = (item: UploadItem) => item.phase === 'waiting' || item.phase === 'error';

/** The batch on the upload page: the picked files, their fields, and each one's way to a converted document. */
export function useUploadQueue(setting: UploadSetting | null) {
  const [items, setItems] = useState<UploadItem[]>([]);
  const [refusals, setRefusals] = useState<string[]>([]);
  const [running, setRunning] = useState(false);
  const itemsRef = useRef(items);
  itemsRef.current = items;
  const controllers = useRef(new Map<string, Entry>());

  const patch = useCallback((key: string, change: Partial<UploadItem>) => {
    setItems((all) => all.map((item) => (item.key === key ? { ...item, ...change } : item)));
  }, []);

  const add = useCallback((files: File[]) => {
    if (!setting) return;
    const all = itemsRef.current;
    const sent = all.filter((i) => i.phase === 'created').length;
    const inBatch = all.filter((i) => i.phase !== 'cancelled' && i.phase !== 'created').length;
    const { accepted, refusals: refused } = checkPicked(files, setting, inBatch, sent);
    setRefusals(refused);
    const added = accepted.map((file): UploadItem => ({
      key: `f${(counter += 1)}`, file, draft: newDraft(titleFromName(file.name), setting), errors: {}, phase: 'waiting', sent: 0, resumed: false, retries: 0, message: '', progress: null,
    }));
    setItems((all) => [...all, ...added]);
  }, [setting]);

  const editDraft = useCallback((key: string, change: Partial<Draft>) => {
    setItems((all) => all.map((item) => (item.key === key ? { ...item, draft: { ...item.draft, ...change } } : item)));
  }, []);

  const remove = useCallback((key: string) => setItems((all) => all.filter((i) => i.key !== key)), []);

  const runOne = useCallback(async (item: UploadItem, fields: DocFields) => {
    const entry = { abort: new AbortController(), session: null as string | null };
    controllers.current.set(item.key, entry);
    await sendOne(item, fields, entry, (change) => patch(item.key, change));
    controllers.current.delete(item.key);
  }, [patch]);

  /** Checks every pending card, then uploads them one after the other. False when a card's fields are wrong. */
  const start = useCallback(async (): Promise<boolean> => {
    if (!setting) return false;
    const pending = itemsRef.current.filter(isPending);
    const checked = pending.map((item) => ({ item, ...checkDraft(item.draft, setting) }));
    setItems((all) => all.map((item) => ({ ...item, errors: checked.find((c) => c.item.key === item.key)?.errors ?? item.errors })));
    if (checked.some((c) => !c.fields)) return false;
    setRunning(true);
    for (const { item, fields } of checked) {
      const current = itemsRef.current.find((i) => i.key === item.key);
      if (current && current.phase !== 'cancelled') await runOne(current, fields!);
    }
    setRunning(false);
    return true;
  }, [setting, runOne]);

  const cancel = useCallback((key: string) => {
    const entry = controllers.current.get(key);
    const item = itemsRef.current.find((i) => i.key === key);
    if (!item) return;
    entry?.abort.abort();
    patch(key, { phase: 'cancelled' });
    void cancelUpload(item.file, entry?.session ?? null);
  }, [patch]);

  const retry = useCallback(async (key: string) => {
    const item = itemsRef.current.find((i) => i.key === key);
    if (!item?.progress) return;
    try {
      patch(key, { progress: progressOf(await retryDoc(item.progress.id)) });
    } catch {
      /* the kernel's toast said why */
    }
  }, [patch]);

  useConversionOf(items, setItems);

  // leaving the page stops the uploads under way (their sessions stay, so picking the file again resumes)
  useEffect(() => () => controllers.current.forEach((c) => c.abort.abort()), []);

  return { items, refusals, running, add, editDraft, remove, start, cancel, retry };
}
