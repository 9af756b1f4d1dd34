/**
 * How a provider adapter reaches its provider: the real transport is fetch; a simulator is a transport too, so
 * the adapter's code (signing, parameters, answer parsing) is the same in development and in production.
 */
export interface TransportRequest {
  method: 'GET' | 'POST';
  url: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface TransportResponse {
  status: number;
  text: string;
  /** Lower-case names; providers that sign their answers in headers (WeChat Pay v3) need them. */
  headers?: Record<string, string>;
}

export type HttpTransport = (request: TransportRequest) => Promise<TransportResponse>;

/** fetch with a timeout: a provider that hangs must not hold the request forever. */
export function fetchTransport(timeoutMs = 10_000): HttpTransport {
  return async ({ method, url, headers, body }) => {
    const response = await fetch(url, { method, headers, body, signal: AbortSignal.timeout(timeoutMs) });
    return { status: response.status, text: await response.text(), headers: Object.fromEntries(response.headers) };
  };
}

/** A failed provider call: logged with its detail, answered to the client as a plain Chinese message. */
export class ProviderError extends Error {
  constructor(
    readonly provider: string,
    readonly detail: string,
  ) {
    super(`${provider}: ${detail}`);
    this.name = 'ProviderError';
  }
}
