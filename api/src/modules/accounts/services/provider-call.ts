import type { FastifyRequest } from 'fastify';
import { ApiError } from '../../../core/http/errors';
import { ProviderError } from '../../../infra/providers/http-transport';

export interface ProviderFailure {
  /** What the log says failed. */
  log: string;
  status: 502 | 503;
  /** The Chinese answer. */
  message: string;
}

/** A call to a third-party provider: its outage (ProviderError) is logged and answered `provider_unavailable`. */
export async function askProvider<T>(request: FastifyRequest, call: () => Promise<T>, failure: ProviderFailure): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (!(err instanceof ProviderError)) throw err;
    request.log.error({ err }, failure.log);
    throw new ApiError(failure.status, 'provider_unavailable', failure.message);
  }
}
