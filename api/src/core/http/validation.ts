import Ajv, { type ErrorObject, type Options } from 'ajv';
import addFormats from 'ajv-formats';
import type { TSchema } from '@sinclair/typebox';
import { NO_NUL, NON_FIELD, type FieldErrors } from 'contracts';
import type { FastifySchemaCompiler } from 'fastify';

// the wire's schema builders live in contracts/ (written once); the API's validation uses them from there
export { messages, NON_FIELD, StringEnum, Text, type FieldErrors, type FieldMessages } from 'contracts';

const common: Options = {
  allErrors: true, // a form shows every wrong field at once; bodies are size-limited and schemas bounded
  useDefaults: true,
  removeAdditional: true, // unknown fields are dropped where a schema says additionalProperties: false
  strict: false, // TypeBox adds annotations Ajv does not know
  verbose: true, // errors carry their schema, so a field may name its own message (x-error-message)
};

// Querystrings, params and headers arrive as text: coerce ('2' -> 2). JSON bodies keep their types: a
// number where a string is expected is a client bug and answers 400.
const textAjv = addFormats(new Ajv({ ...common, coerceTypes: 'array' }));
const bodyAjv = addFormats(new Ajv({ ...common, coerceTypes: false }));

export const validatorCompiler: FastifySchemaCompiler<TSchema> = ({ schema, httpPart }) => {
  const ajv = httpPart === 'body' ? bodyAjv : textAjv;
  return ajv.compile(schema);
};

const TYPE_MESSAGES: Record<string, string> = {
  integer: '请填写合法的整数。',
  number: '请填写合法的数字。',
  string: '请填写文本。',
  boolean: '请填写合法的布尔值。',
  object: '数据格式有误，应为 JSON 对象。',
  array: '数据格式有误，应为列表。',
  null: '该字段应为空。',
};

function ownMessage(error: ErrorObject): string | undefined {
  const parent = error.parentSchema as Record<string, unknown> | undefined;
  if (!parent || typeof parent !== 'object') return undefined;
  if (error.keyword === 'required') {
    const missing = (error.params as { missingProperty?: unknown }).missingProperty;
    const properties = parent.properties as Record<string, Record<string, unknown>> | undefined;
    const field = typeof missing === 'string' && properties && Object.hasOwn(properties, missing) ? properties[missing] : undefined;
    const text = field?.['x-required-message'] ?? field?.['x-error-message'];
    return typeof text === 'string' ? text : undefined;
  }
  const text = parent['x-error-message'];
  return typeof text === 'string' ? text : undefined;
}

/**
 * One Ajv error in Chinese. The user's input is never echoed back: front ends show `message` as HTML.
 */
export function describeAjvError(error: ErrorObject): string {
  const own = ownMessage(error);
  if (own) return own;
  const p = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return '该字段是必填项。';
    case 'type': {
      const types = String(p.type ?? '').split(',');
      return TYPE_MESSAGES[types[0]] ?? '类型不正确。';
    }
    case 'minLength':
      return p.limit === 1 ? '该字段不能为空。' : `至少需要 ${String(p.limit)} 个字符。`;
    case 'maxLength':
      return `不能超过 ${String(p.limit)} 个字符。`;
    case 'minimum':
      return `请确保该值大于或等于 ${String(p.limit)}。`;
    case 'maximum':
      return `请确保该值小于或等于 ${String(p.limit)}。`;
    case 'exclusiveMinimum':
      return `请确保该值大于 ${String(p.limit)}。`;
    case 'exclusiveMaximum':
      return `请确保该值小于 ${String(p.limit)}。`;
    case 'multipleOf':
      return '数值不合法。';
    case 'enum': {
      const allowed = Array.isArray(p.allowedValues) ? p.allowedValues.map(String).join('、') : '';
      return allowed ? `不是合法选项，可选：${allowed}。` : '不是合法选项。';
    }
    case 'const':
    case 'anyOf':
    case 'oneOf':
      return '不是合法选项。';
    case 'pattern':
      return p.pattern === NO_NUL ? '不能包含空字符。' : '格式不正确。';
    case 'format':
      return '格式不正确。';
    case 'minItems':
      return `至少需要 ${String(p.limit)} 项。`;
    case 'maxItems':
      return `最多 ${String(p.limit)} 项。`;
    case 'uniqueItems':
      return '列表中有重复项。';
    case 'additionalProperties':
      return '不允许的字段。';
    case 'minProperties':
    case 'maxProperties':
      return '字段数量不正确。';
    default:
      return '输入值无效。';
  }
}

/** Where an Ajv error belongs: 'page_size', 'items.0.name', or non_field_errors for the whole part. */
export function fieldOf(error: ErrorObject): string {
  const segments = error.instancePath
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  const p = error.params as Record<string, unknown>;
  if (error.keyword === 'required' && typeof p.missingProperty === 'string') segments.push(p.missingProperty);
  if (error.keyword === 'additionalProperties' && typeof p.additionalProperty === 'string') {
    segments.push(p.additionalProperty);
  }
  return segments.length ? segments.join('.') : NON_FIELD;
}

const MAX_FIELDS = 50;

/** Ajv errors as DRF-style field errors: `{ field: ['中文信息'] }`. */
export function toFieldErrors(errors: readonly ErrorObject[]): FieldErrors {
  // a Map, not an object: field names can come from the request ('__proto__', 'constructor')
  const out = new Map<string, string[]>();
  for (const error of errors) {
    if (/\/(anyOf|oneOf)\/\d+\//.test(error.schemaPath)) continue; // branch details of an anyOf/oneOf
    const field = fieldOf(error);
    let list = out.get(field);
    if (!list) {
      if (out.size >= MAX_FIELDS) continue;
      list = [];
      out.set(field, list);
    }
    const message = describeAjvError(error);
    if (!list.includes(message)) list.push(message);
  }
  if (out.size === 0) out.set(NON_FIELD, ['输入值无效。']);
  return Object.fromEntries(out);
}
