import { useId, useState, type FormEvent } from 'react';
import { setUser, toastSuccess, useUser, type Gender, type UserInfo } from 'shared-kernel';
import { patchProfile, type UserInfoAnswer } from '../../me/api';
import { ME_TEXTS } from '../../me/texts';
import { Avatar, Field, FieldError, ImageUploadButton, sendForm } from '../../me/ui';

const t = ME_TEXTS.profile;
/** Days the stored user info lasts, as mf-auth's login sets it (the API's session lasts 30 days). */
const USER_INFO_DAYS = 30;
const INTRO_MAX = 500;

/** The kernel's user after a profile change: the same session, the new name, gender and level. */
function keepKernelUser(current: UserInfo | null, answer: { nickname?: string; gender?: Gender | null }): void {
  if (!current || !answer.nickname) return;
  setUser({ ...current, nickname: answer.nickname, ...(answer.gender ? { gender: answer.gender } : {}) }, USER_INFO_DAYS);
}

/** The avatar with its 更换头像 button: the picture goes to POST /api/img-storage/ first, its url into the form. */
function AvatarPicker({ url, nickname, onPicked }: { url: string; nickname: string; onPicked: (url: string) => void }) {
  return (
    <div className="me-avatar-row">
      <Avatar url={url} nickname={nickname || '?'} />
      <ImageUploadButton purpose="avatar" label={t.changeAvatar} problems={{ type: t.avatarType, size: t.avatarTooBig }} onUploaded={onPicked} />
    </div>
  );
}

function GenderRadios({ value, onChange }: { value: Gender | null; onChange: (g: Gender) => void }) {
  return (
    <fieldset className="me-label" style={{ border: 0, padding: 0, margin: 0 }}>
      <legend style={{ padding: 0, marginBottom: 6 }}>{t.gender}</legend>
      <div className="me-radios">
        {(['male', 'female'] as const).map((g) => (
          <label key={g}>
            <input type="radio" name="gender" checked={value === g} onChange={() => onChange(g)} />
            {g === 'male' ? ME_TEXTS.male : ME_TEXTS.female}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function validate(nickname: string, intro: string): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!nickname.trim()) errors.nickname = t.nicknameRequired;
  if (intro.length > INTRO_MAX) errors.intro = t.introTooLong;
  return errors;
}

/**
 * My profile as a form: avatar, nickname, gender, intro; saved with PATCH /api/users/0/. `compact` (the welcome)
 * asks only for the avatar and the nickname.
 */
export function ProfileEditor({ info, compact, onSaved, onCancel, submitText = ME_TEXTS.save }: {
  info: UserInfoAnswer;
  compact?: boolean;
  onSaved: (info: UserInfoAnswer) => void;
  onCancel?: () => void;
  submitText?: string;
}) {
  const id = useId();
  const user = useUser();
  const [form, setForm] = useState({ nickname: info.nickname, gender: info.gender, intro: info.intro, avatar: info.avatar });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const set = (patch: Partial<typeof form>) => setForm((f) => ({ ...f, ...patch }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validate(form.nickname, form.intro);
    setErrors(found);
    if (Object.keys(found).length) return;
    await sendForm(setSaving, setErrors, async () => {
      const body = { nickname: form.nickname.trim(), avatar: form.avatar, ...(compact ? {} : { intro: form.intro, ...(form.gender ? { gender: form.gender } : {}) }) };
      const answer = await patchProfile(body);
      keepKernelUser(user, answer);
      toastSuccess(ME_TEXTS.saved);
      onSaved({ ...info, ...answer } as UserInfoAnswer);
    });
  };

  return (
    <form className="me-form" onSubmit={(e) => void submit(e)} noValidate aria-label={t.editTitle}>
      <AvatarPicker url={form.avatar} nickname={form.nickname} onPicked={(avatar) => set({ avatar })} />
      <FieldError id={`${id}-avatar`} message={errors.avatar} />
      <Field id={`${id}-nickname`} label={t.nickname} error={errors.nickname}>
        <input id={`${id}-nickname`} className="me-input" value={form.nickname} maxLength={255} placeholder={t.nicknamePlaceholder}
          aria-invalid={!!errors.nickname} aria-describedby={`${id}-nickname-error`} onChange={(e) => set({ nickname: e.target.value })} />
      </Field>
      {!compact && (
        <>
          <GenderRadios value={form.gender} onChange={(gender) => set({ gender })} />
          <Field id={`${id}-intro`} label={t.intro} error={errors.intro}>
            <textarea id={`${id}-intro`} className="me-input" value={form.intro} placeholder={t.introPlaceholder} aria-invalid={!!errors.intro}
              aria-describedby={`${id}-intro-error`} onChange={(e) => set({ intro: e.target.value })} />
          </Field>
        </>
      )}
      <div className="uc-actions">
        <button type="submit" className="uc-btn uc-primary" disabled={saving}>{saving ? ME_TEXTS.saving : submitText}</button>
        {onCancel && <button type="button" className="uc-btn" onClick={onCancel}>{compact ? ME_TEXTS.welcome.skip : ME_TEXTS.cancel}</button>}
      </div>
    </form>
  );
}
