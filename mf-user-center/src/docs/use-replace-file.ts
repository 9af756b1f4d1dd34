import { useCallback, useEffect, useRef, useState } from 'react';
import type { UploadSetting } from '../api/docs';
import { refusalOf } from './checks';
import { uploadErrorText } from './errors';
import { cancelUpload, forgetUpload, uploadFile } from './uploader';

export interface Replacement {
  file: File;
  sent: number;
  retries: number;
  /** The complete session, once every byte is up. */
  upload: string | null;
  error: string;
}

/** The edit page's new file: checked, uploaded in resumable chunks at once, its session kept for the PATCH. */
export function useReplaceFile(setting: UploadSetting | null) {
  const [replacement, setReplacement] = useState<Replacement | null>(null);
  const current = useRef<{ abort: AbortController; session: string | null } | null>(null);

  const drop = useCallback(() => {
    const entry = current.current;
    current.current = null;
    entry?.abort.abort();
    setReplacement((r) => {
      // not taken by a PATCH: the server's copy goes (sessionless when refused on the page)
      if (r) void cancelUpload(r.file, entry?.session ?? null);
      return null;
    });
  }, []);

  const pick = useCallback(async (file: File) => {
    if (!setting) return;
    drop();
    const refusal = refusalOf(file, setting);
    if (refusal) return setReplacement({ file, sent: 0, retries: 0, upload: null, error: refusal });
    const entry = { abort: new AbortController(), session: null as string | null };
    current.current = entry;
    const update = (change: Partial<Replacement>) => current.current === entry && setReplacement((r) => (r ? { ...r, ...change } : r));
    setReplacement({ file, sent: 0, retries: 0, upload: null, error: '' });
    try {
      const upload = await uploadFile(file, {
        signal: entry.abort.signal,
        onSession: (id) => (entry.session = id),
        onProgress: (sent) => update({ sent, retries: 0 }),
        onRetry: (retries) => update({ retries }),
      });
      update({ upload, sent: file.size });
    } catch (error) {
      if (!entry.abort.signal.aborted) update({ error: uploadErrorText(error) });
    }
  }, [setting, drop]);

  /** The PATCH took the file: its kept session id is of no more use. */
  const used = useCallback(() => {
    setReplacement((r) => {
      if (r) forgetUpload(r.file);
      return null;
    });
    current.current = null;
  }, []);

  useEffect(() => () => current.current?.abort.abort(), []);
  return { replacement, pick, drop, used };
}
