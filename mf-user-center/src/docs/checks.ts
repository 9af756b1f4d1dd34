import { extensionOf, uploadKindOf } from 'shared-kernel';
import type { UploadSetting } from '../api/docs';
import { DOCS_TEXTS } from './texts';

const t = DOCS_TEXTS.refuse;

/** Why the server would refuse this file by its name and size, or null (its content is checked there). */
export function refusalOf(file: File, setting: UploadSetting): string | null {
  const kind = uploadKindOf(file.name, setting.types);
  if (!kind) return t.type(file.name);
  if (file.size === 0) return t.empty(file.name);
  const max = kind === 'images' ? setting.image_max_size : setting.max_size;
  return file.size > max ? t.size(file.name, max) : null;
}

/**
 * The picked files the page takes, and what it refuses (type, empty, size, then the batch and today's count), with
 * the server's messages. `inBatch` files wait on the page; `sent` more were made documents since the limits loaded.
 */
export function checkPicked(files: File[], setting: UploadSetting, inBatch: number, sent = 0): { accepted: File[]; refusals: string[] } {
  const refusals: string[] = [];
  const fit = files.filter((file) => {
    const refusal = refusalOf(file, setting);
    if (refusal) refusals.push(refusal);
    return !refusal;
  });
  const room = Math.max(0, setting.max_batch - inBatch);
  const left = setting.left_today === null ? Infinity : Math.max(0, setting.left_today - inBatch - sent);
  const take = Math.min(room, left);
  if (fit.length > take) refusals.push(take === room ? t.batch(setting.max_batch) : left === 0 ? t.daily : t.dailyLeft(left));
  return { accepted: fit.slice(0, take), refusals };
}

/** The title a file suggests: its name without the extension, at most 200 characters. */
export function titleFromName(name: string): string {
  const ext = extensionOf(name);
  return (ext ? name.slice(0, -(ext.length + 1)) : name).trim().slice(0, 200);
}

/** '12.5' -> 1250 fen; null when not a price with at most two decimals. */
export function yuanToFen(text: string): number | null {
  const m = /^(\d{1,7})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

const EXT_CATES: Record<string, string> = {
  pdf: 'pdf', doc: 'word', docx: 'word', rtf: 'word', wps: 'word', odt: 'word', xls: 'excel', xlsx: 'excel', ppt: 'ppt', pptx: 'ppt', zip: 'compress', rar: 'compress',
};

/** The icon family a picked file will have (the API decides the stored one by content). */
export const extCateOf = (name: string) => EXT_CATES[extensionOf(name)] ?? 'other';
