import { Ordering, orderingValues } from 'contracts';
import { invalid } from './errors';

/** API field name -> SQL expression it sorts by. Only these ever reach SQL. */
export type OrderingFields = Record<string, string>;

export interface OrderingOptions {
  fields: OrderingFields;
  /** Used when ?ordering= is absent or empty, e.g. '-create_time'. */
  default: string;
  /** Appended last for a stable order across pages, e.g. 'id' (follows the first term's direction). */
  tieBreaker?: string;
}

/** Querystring field of an orderable list; spread it into the route's querystring schema. */
export function OrderingQuery(options: OrderingOptions) {
  return { ordering: Ordering(Object.keys(options.fields)) };
}

/**
 * DRF OrderingFilter with a whitelist: `?ordering=-create_time,version` becomes
 * `ORDER BY create_time DESC, string_to_array(...) ASC, id DESC`. A value outside the whitelist answers 400
 * (DRF would silently ignore it; we tell the client).
 */
export function orderBy(raw: string | undefined, options: OrderingOptions): string {
  const terms = (raw ?? '')
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  const wanted = terms.length ? terms : [options.default];
  const parts: string[] = [];
  const seen = new Set<string>();
  for (const term of wanted) {
    const desc = term.startsWith('-');
    const name = desc ? term.slice(1) : term;
    if (!Object.hasOwn(options.fields, name)) {
      throw invalid(
        { ordering: [`不支持的排序字段，可选：${orderingValues(Object.keys(options.fields)).join('、')}。`] },
        '排序参数有误',
      );
    }
    if (seen.has(name)) continue;
    seen.add(name);
    parts.push(`${options.fields[name]} ${desc ? 'DESC' : 'ASC'}`);
  }
  if (options.tieBreaker && !seen.has(options.tieBreaker)) {
    parts.push(`${options.tieBreaker} ${wanted[0].startsWith('-') ? 'DESC' : 'ASC'}`);
  }
  return `ORDER BY ${parts.join(', ')}`;
}
