import { isUniqueViolation } from '../../../core/db/errors';
import type { ApiError } from '../../../core/http/errors';

/** A write whose unique index may refuse it (a parallel request, another account's value): that refusal answers `error`. */
export async function unlessTaken<T>(write: Promise<T>, error: () => ApiError): Promise<T> {
  try {
    return await write;
  } catch (err) {
    if (isUniqueViolation(err)) throw error();
    throw err;
  }
}
