import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/**
 * A refused body is read and dropped up to this size (declared or received) and this long; beyond, not at all.
 * Past the largest body a route takes (an appendix: 20 MiB and its framing), so one a little over it hears its 413.
 */
export const REFUSED_BODY_DRAIN = { maxBytes: 32 * 1024 * 1024, timeoutMs: 10_000 } as const;

/**
 * Reads and drops the unread rest of a request body before the answer goes. Fastify answers a body over its limit
 * (413) before reading it and closes the connection; a socket closed with unread data sends a TCP reset, which
 * can make the client, or the shell's proxy still writing the body, lose the answer (the shell answered 502).
 * Bounded like a lingering close: past the size or the time the answer goes at once, as before.
 */
export function drainRefusedBody(raw: IncomingMessage, limits = REFUSED_BODY_DRAIN): Promise<void> {
  if (raw.complete || raw.readableEnded || raw.destroyed) return Promise.resolve();
  if (Number(raw.headers['content-length']) > limits.maxBytes) return Promise.resolve();
  return new Promise((resolve) => {
    let received = 0;
    const done = () => {
      clearTimeout(timer);
      raw.off('data', onData);
      raw.off('end', done);
      raw.off('error', done);
      raw.off('close', done);
      resolve();
    };
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received > limits.maxBytes) done();
    };
    const timer = setTimeout(done, limits.timeoutMs);
    raw.on('data', onData);
    raw.once('end', done);
    raw.once('error', done);
    raw.once('close', done);
    raw.resume();
  });
}

/** Every answer that closes the connection (a body refused while parsing) drains the body first. */
export function installRefusedBodyDrain(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (String(reply.getHeader('connection')).toLowerCase() === 'close') await drainRefusedBody(request.raw);
    return payload;
  });
}
