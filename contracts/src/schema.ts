import { Type, type StringOptions, type TSchema, type TString, type TUnsafe } from '@sinclair/typebox';

/**
 * Schema annotations for a field's own messages, e.g. the exact texts of SPEC.md §5:
 *   Type.String({ pattern: '^[0-9]{6}$', ...messages('验证码格式不正确', '请填写验证码') })
 * `x-error-message` replaces whatever the field breaks (type, pattern, length, ...), `x-required-message`
 * a missing field.
 */
export interface FieldMessages {
  'x-error-message': string;
  'x-required-message'?: string;
}

export function messages(error: string, required?: string): FieldMessages {
  return { 'x-error-message': error, ...(required ? { 'x-required-message': required } : {}) };
}

/** A string limited to the given values: a plain JSON-schema enum (clearer errors than a union of literals). */
export function StringEnum<const T extends readonly string[]>(
  values: T,
  options: { description?: string; default?: T[number] } & Partial<FieldMessages> = {},
): TUnsafe<T[number]> {
  return Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options });
}

/** The pattern Text() adds: no NUL character (the validator names this case in its Chinese message). */
export const NO_NUL = '^[^\\u0000]*$';

/** A string PostgreSQL can store: text columns refuse the NUL character (it would answer 500). */
export function Text(options: StringOptions = {}): TString {
  return Type.String({ ...options, pattern: NO_NUL });
}

/** The values `?ordering=` accepts for these fields: each, and each with a leading - (descending). */
export function orderingValues(fields: readonly string[]): string[] {
  return fields.flatMap((f) => [f, `-${f}`]);
}

/** `?ordering=` of a list sortable by these fields (a leading - sorts descending; several, comma-separated). */
export function Ordering(fields: readonly string[]) {
  return Type.Optional(
    Type.String({ maxLength: 200, description: `排序字段，逗号分隔，前缀 - 表示倒序；可选：${orderingValues(fields).join(', ')}` }),
  );
}

/** A query flag as clients send it: 1/0 or true/false. */
export const Flag = (description: string) =>
  Type.Unsafe<'1' | '0' | 'true' | 'false'>({ type: 'string', enum: ['1', '0', 'true', 'false'], description });

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

/**
 * Querystring fields of every paginated list; spread them into the route's querystring schema.
 * `page` is text like DRF's: a positive number or 'last'; anything else answers 404 invalid_page.
 * `page_size` must be a positive integer (400 otherwise) and is capped at the route's maximum.
 */
export const PageQuery = {
  page: Type.Optional(Type.String({ maxLength: 20, description: '页码，从 1 开始；或 last' })),
  page_size: Type.Optional(Type.Integer({ minimum: 1, description: `每页条数，默认 ${DEFAULT_PAGE_SIZE}` })),
};

/** A DRF page of T: what every list answers. */
export interface Page<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

/** Response schema of a page of `item`. */
export function PageSchema<T extends TSchema>(item: T) {
  return Type.Object({
    count: Type.Integer(),
    next: Type.Union([Type.String(), Type.Null()]),
    previous: Type.Union([Type.String(), Type.Null()]),
    results: Type.Array(item),
  });
}

/** Key for errors that belong to no single field (DRF's name for it). */
export const NON_FIELD = 'non_field_errors';

export type FieldErrors = Record<string, string[]>;

/** The body of every 4xx/5xx answer. */
export interface ErrorBody {
  /** Chinese text the front end shows to the user (toasts may render it as HTML: never echo input). */
  message: string;
  /** Stable machine code. */
  code: string;
  /** Field errors of a form or query: `{ field: ['中文信息'] }`. */
  errors?: FieldErrors;
  [extra: string]: unknown;
}

/** An image the site stores: the url POST /api/img-storage/ answers (avatars, feedback screenshots). */
export const IMG_STORAGE_URL_PATTERN = '^/api/img-storage/[0-9]{1,18}/$';
