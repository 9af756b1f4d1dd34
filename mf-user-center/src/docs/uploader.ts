import { isAxiosError } from 'axios';
import { createUploadSession, deleteUploadSession, getUploadSession, putChunk, type OffsetMismatch, type UploadSession } from '../api/docs';

/** Waits between tries of a chunk after a network drop (ms); tests shorten them. */
export const UPLOAD_TIMING = { retryDelaysMs: [1000, 2000, 4000, 8000, 16000], pollMs: 2000 };

const KEY_PREFIX = 'uc-docs:upload:';

/** The same file picked again (after a reload) finds its session by name, size and modification time. */
export const sessionKey = (file: File) => `${KEY_PREFIX}${file.name}:${file.size}:${file.lastModified}`;

function remembered(file: File): string | null {
  try {
    return sessionStorage.getItem(sessionKey(file));
  } catch {
    return null;
  }
}

function remember(file: File, id: string | null): void {
  try {
    if (id) sessionStorage.setItem(sessionKey(file), id);
    else sessionStorage.removeItem(sessionKey(file));
  } catch {
    /* storage disabled: no resume after a reload, the upload itself still works */
  }
}

export interface UploadHooks {
  /** Bytes on the server so far, and whether this run started from a kept session. */
  onProgress: (sent: number, resumed: boolean) => void;
  /** A chunk failed on the network; `attempt` counts from 1. */
  onRetry?: (attempt: number) => void;
  /** The session, as soon as there is one (to cancel it). */
  onSession?: (id: string) => void;
  signal?: AbortSignal;
}

/** A kept session that still exists and belongs to this file; otherwise a new one. */
async function openSession(file: File, signal?: AbortSignal): Promise<{ session: UploadSession; resumed: boolean }> {
  const kept = remembered(file);
  if (kept) {
    try {
      const session = await getUploadSession(kept, signal);
      if (session.size === file.size && session.name === file.name) return { session, resumed: session.offset > 0 };
    } catch {
      /* expired or gone: start afresh */
    }
  }
  const session = await createUploadSession(file.name, file.size);
  remember(file, session.id);
  return { session, resumed: false };
}

const wait = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(new DOMException('aborted', 'AbortError'));
    }, { once: true });
  });

/** The offset a 409 gives back, or null for any other error. */
function mismatchOffset(error: unknown): number | null {
  if (!isAxiosError(error) || error.response?.status !== 409) return null;
  const data = error.response.data as Partial<OffsetMismatch> | null;
  return data && typeof data.offset === 'number' ? data.offset : null;
}

/** A failure worth trying again: no answer (the network), or the server's 5xx. */
function retryable(error: unknown): boolean {
  if (!isAxiosError(error) || error.code === 'ERR_CANCELED') return false;
  const status = error.response?.status;
  return status === undefined || status >= 500;
}

/** After a drop, where the server stands (the chunk may have landed); the current offset when it cannot say. */
async function serverOffset(id: string, fallback: number, signal?: AbortSignal): Promise<number> {
  try {
    return (await getUploadSession(id, signal)).offset;
  } catch {
    return fallback;
  }
}

/**
 * Sends `file` in chunks of the session's chunk_size (File.slice: the file is never read whole), resuming from
 * the server's offset after a drop (with back-off), a 409 or a reload. Resolves with the complete session's id.
 */
export async function uploadFile(file: File, hooks: UploadHooks): Promise<string> {
  const { signal } = hooks;
  const { session, resumed } = await openSession(file, signal);
  hooks.onSession?.(session.id);
  let offset = session.offset;
  let failures = 0;
  hooks.onProgress(offset, resumed);
  while (offset < file.size) {
    const start = offset;
    const chunk = file.slice(start, Math.min(file.size, start + session.chunk_size));
    try {
      offset = (await putChunk(session.id, start, chunk, (loaded) => hooks.onProgress(start + loaded, resumed), signal)).offset;
      failures = 0;
    } catch (error) {
      if (signal?.aborted) throw error;
      const told = mismatchOffset(error);
      if (told !== null) offset = told;
      else if (retryable(error) && failures < UPLOAD_TIMING.retryDelaysMs.length) {
        failures += 1;
        hooks.onRetry?.(failures);
        await wait(UPLOAD_TIMING.retryDelaysMs[failures - 1], signal);
        offset = await serverOffset(session.id, start, signal);
      } else throw error;
    }
    hooks.onProgress(offset, resumed);
  }
  return session.id;
}

/** The document was created from the session: the kept id is of no more use. */
export const forgetUpload = (file: File) => remember(file, null);

/** Cancels a file's upload: the server drops its temporary file; the kept id goes. */
export async function cancelUpload(file: File, sessionId: string | null): Promise<void> {
  remember(file, null);
  if (sessionId) await deleteUploadSession(sessionId).catch(() => undefined);
}
