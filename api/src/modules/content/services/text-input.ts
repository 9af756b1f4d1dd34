import { invalid } from '../../../core/http/errors';
import { cleanText, textLength } from '../text';

/** Posted free text, cleaned (text.ts), refused with the field's message when empty or longer than `max`. */
export function requiredText(field: string, raw: string, max: number, emptyMessage: string, longMessage: string): string {
  const text = cleanText(raw);
  if (!text) throw invalid({ [field]: [emptyMessage] }, emptyMessage);
  if (textLength(text) > max) throw invalid({ [field]: [longMessage] }, longMessage);
  return text;
}
