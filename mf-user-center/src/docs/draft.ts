import { formatFen } from 'shared-kernel';
import type { DocFields, MyDoc, UploadSetting } from '../api/docs';
import { yuanToFen } from './checks';
import { DOCS_TEXTS } from './texts';

/** A document's fields as the form holds them (text as typed). */
export interface Draft {
  title: string;
  summary: string;
  category: string;
  paid: boolean;
  price: string;
  previewPages: string;
}

export type DraftErrors = Partial<Record<keyof Draft, string>>;

export const newDraft = (title: string, setting: UploadSetting | null): Draft => ({
  title, summary: '', category: '', paid: false, price: '', previewPages: String(setting?.preview_pages.default ?? 5),
});

export const draftOf = (doc: MyDoc): Draft => ({
  title: doc.title,
  summary: doc.summary,
  category: String(doc.category.id),
  paid: !doc.is_free && doc.price > 0,
  price: doc.price > 0 ? formatFen(doc.price, { symbol: false }) : '',
  previewPages: String(doc.preview_pages),
});

const t = DOCS_TEXTS.fields;

/** The draft checked as the API checks it: the fields to send, or the messages by field. */
export function checkDraft(draft: Draft, setting: UploadSetting): { fields: DocFields | null; errors: DraftErrors } {
  const errors: DraftErrors = {};
  const title = draft.title.trim();
  if (!title) errors.title = t.titleRequired;
  else if ([...title].length > 200) errors.title = t.titleTooLong;
  if ([...draft.summary].length > 1000) errors.summary = t.summaryTooLong;
  const category = Number(draft.category);
  if (!Number.isInteger(category) || category <= 0) errors.category = t.categoryRequired;
  const fen = draft.paid ? yuanToFen(draft.price) : 0;
  if (draft.paid && (fen === null || fen < 1 || fen > setting.max_price)) errors.price = t.priceInvalid(formatFen(setting.max_price, { symbol: false }));
  const { min, max } = setting.preview_pages;
  const pages = Number(draft.previewPages);
  if (!Number.isInteger(pages) || pages < min || pages > max) errors.previewPages = t.previewInvalid(min, max);
  if (Object.keys(errors).length > 0) return { fields: null, errors };
  return { fields: { title, summary: draft.summary.trim(), category, price: fen ?? 0, preview_pages: pages }, errors };
}

/** The API's field errors under the form's names. */
export function draftErrorsFrom(fieldErrors: Record<string, string>): DraftErrors {
  const { title, summary, category, price, preview_pages: previewPages } = fieldErrors;
  return Object.fromEntries(Object.entries({ title, summary, category, price, previewPages }).filter(([, v]) => v)) as DraftErrors;
}
