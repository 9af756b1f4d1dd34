import { isAxiosError } from 'axios';
import type { ErrorBody } from 'contracts';
import { errorMessageOf } from 'shared-kernel';

/** The field errors of a 400 (`errors.upload` carries the reason a file was refused), each as one message. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!isAxiosError(error) || !error.response) return {};
  const errors = (error.response.data as Partial<ErrorBody> | null)?.errors as Record<string, unknown> | undefined;
  if (!errors || typeof errors !== 'object') return {};
  const out: Record<string, string> = {};
  for (const [field, value] of Object.entries(errors)) {
    const text = Array.isArray(value) ? value.filter((v) => typeof v === 'string').join('；') : typeof value === 'string' ? value : '';
    if (text) out[field] = text;
  }
  return out;
}

/** What to say about a failed upload or save: the file's reason when the API gave one, else the kernel's message. */
export function uploadErrorText(error: unknown): string {
  return fieldErrorsOf(error).upload ?? errorMessageOf(error);
}
