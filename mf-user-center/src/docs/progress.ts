import { isAxiosError } from 'axios';
import { DOC_STATUS, getMyDoc, progressUrl, type DocProgress, type MyDoc } from '../api/docs';
import { UPLOAD_TIMING } from './uploader';

/** Converting is the one state that still changes by itself; every other one waits for a person. */
export const isFinal = (status: number) => status !== DOC_STATUS.converting;

export const progressOf = (doc: MyDoc): DocProgress => ({
  id: doc.id, status: doc.status, status_text: doc.status_text, stage: doc.stage, progress: doc.progress, reason: doc.reason,
});

/** Asks GET my-docs/{id}/ every UPLOAD_TIMING.pollMs for each doc not yet final. */
function poll(ids: number[], onEvent: (p: DocProgress) => void): () => void {
  const pending = new Set(ids);
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const round = async () => {
    await Promise.all(
      [...pending].map((id) =>
        getMyDoc(id, true).then(
          (doc) => {
            if (stopped) return;
            onEvent(progressOf(doc));
            if (isFinal(doc.status)) pending.delete(id);
          },
          (error: unknown) => {
            // gone or not mine: nothing more to follow; anything else (the network): the next round asks again
            const status = isAxiosError(error) ? error.response?.status ?? 0 : 0;
            if (status >= 400 && status < 500) pending.delete(id);
          },
        ),
      ),
    );
    if (!stopped && pending.size > 0) timer = setTimeout(round, UPLOAD_TIMING.pollMs);
  };
  timer = setTimeout(round, UPLOAD_TIMING.pollMs);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}

/**
 * Follows the conversion of my docs `ids`: the SSE stream GET my-docs/progress/ (one `progress` event per
 * change), or, where there is no EventSource or the stream fails before every doc is final, polling. Returns stop().
 */
export function watchProgress(ids: number[], onEvent: (p: DocProgress) => void): () => void {
  if (ids.length === 0) return () => undefined;
  if (typeof EventSource === 'undefined') return poll(ids, onEvent);
  const pending = new Set(ids);
  let stopPolling: (() => void) | null = null;
  const source = new EventSource(progressUrl(ids), { withCredentials: true });
  source.addEventListener('progress', (event) => {
    try {
      const p = JSON.parse((event as MessageEvent<string>).data) as DocProgress;
      onEvent(p);
      if (isFinal(p.status)) pending.delete(p.id);
    } catch {
      return; // a malformed event: the next one or the polling tells
    }
    if (pending.size === 0) source.close();
  });
  source.onerror = () => {
    // the server ends the stream once all are final; before that, an error means the stream is of no use here
    source.close();
    if (pending.size > 0 && !stopPolling) stopPolling = poll([...pending], onEvent);
  };
  return () => {
    source.close();
    stopPolling?.();
  };
}
