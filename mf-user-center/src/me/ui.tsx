import { useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { errorMessageOf, extensionOf, levelTitle, toastError, UPLOAD_TYPES_DESKTOP, type Gender } from 'shared-kernel';
import { PageFrame } from '../ui/Status';
import { uploadImage } from './api';
import { ensureMeStyles } from './me-css';
import { ME_TEXTS } from './texts';

/** A page of these screens: the route's title as its heading (mf-user-center's frame) and this stylesheet. */
export function MePage({ route, children }: { route: string; children: ReactNode }) {
  ensureMeStyles();
  return <PageFrame route={route}>{children}</PageFrame>;
}

/** The avatar image, or the nickname's first character in a circle when there is none. */
export function Avatar({ url, nickname, small }: { url: string | null | undefined; nickname: string; small?: boolean }) {
  const cls = small ? 'me-avatar me-avatar-sm' : 'me-avatar';
  if (url) return <img className={cls} src={url} alt={ME_TEXTS.profile.avatarAlt(nickname)} width={72} height={72} />;
  return (
    <span className={cls} role="img" aria-label={ME_TEXTS.profile.avatarAlt(nickname)}>
      {Array.from(nickname.trim())[0] ?? '?'}
    </span>
  );
}

/** The level's title (male or female form by gender) in its colour (SPEC §3: blue, green, amber). */
export function LevelBadge({ level, gender }: { level: number | undefined; gender: Gender | null | undefined }) {
  const found = levelTitle(level, gender ?? undefined);
  if (!found) return null;
  // white text on #faad14 is too faint: the amber badge gets dark text
  const color = level === 3 ? '#1f2329' : '#fff';
  return (
    <span className="me-level" data-testid="level" style={{ background: found.color, color }} title={ME_TEXTS.level(found.title)}>
      {found.title}
    </span>
  );
}

export const genderText = (gender: Gender | null | undefined) => (gender === 'male' ? ME_TEXTS.male : gender === 'female' ? ME_TEXTS.female : ME_TEXTS.unknownGender);

/** The per-field messages of a 400 answer ({errors: {field: [message]}}), empty for any other failure. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  const errors = (error as { response?: { data?: { errors?: unknown } } })?.response?.data?.errors;
  if (!errors || typeof errors !== 'object') return {};
  const out: Record<string, string> = {};
  for (const [field, list] of Object.entries(errors as Record<string, unknown>)) if (Array.isArray(list) && typeof list[0] === 'string') out[field] = list[0];
  return out;
}

/** Runs `send` with the form busy: a 400's messages go under their fields, any other failure into a toast. */
export async function sendForm(setBusy: (busy: boolean) => void, setErrors: (errors: Record<string, string>) => void, send: () => Promise<void>): Promise<void> {
  setBusy(true);
  try {
    await send();
  } catch (error) {
    const fields = fieldErrorsOf(error);
    setErrors(fields);
    if (!Object.keys(fields).length) toastError(errorMessageOf(error));
  } finally {
    setBusy(false);
  }
}

/** The largest picture the pages upload (the img-storage API refuses bigger ones anyway). */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/** Why a picked picture cannot be uploaded (type by SPEC §3's image extensions, size), or null. */
export function imageProblem(file: File, texts: { type: string; size: string }): string | null {
  if (!UPLOAD_TYPES_DESKTOP.images.includes(extensionOf(file.name))) return texts.type;
  return file.size > MAX_IMAGE_BYTES ? texts.size : null;
}

export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} className="me-field-error" role="alert">
      {message}
    </p>
  ) : null;
}

/** A labelled input with its error under it (outside the label, so the error is not part of the field's name). */
export function Field({ id, label, error, children }: { id: string; label: string; error: string | undefined; children: ReactNode }) {
  return (
    <div className="me-label">
      <label htmlFor={id}>{label}</label>
      {children}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/**
 * A button that picks one picture, checks its type and size (a toast says what is wrong), uploads it to
 * POST /api/img-storage/ for `purpose` and hands its url to `onUploaded`; while it uploads it says so.
 */
export function ImageUploadButton(props: {
  purpose: 'avatar' | 'feedback';
  label: string;
  problems: { type: string; size: string };
  onUploaded: (url: string) => void;
  style?: CSSProperties;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const pick = async (file: File | undefined) => {
    if (!file) return;
    const problem = imageProblem(file, props.problems);
    if (problem) return void toastError(problem);
    setBusy(true);
    try {
      props.onUploaded((await uploadImage(file, props.purpose)).url);
    } catch (error) {
      toastError(errorMessageOf(error));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };
  return (
    <label className="uc-btn" style={props.style}>
      {busy ? ME_TEXTS.profile.uploading : props.label}
      <input ref={input} className="me-file" type="file" accept=".jpg,.jpeg,.png,image/jpeg,image/png" disabled={busy} onChange={(e) => void pick(e.target.files?.[0])} />
    </label>
  );
}
