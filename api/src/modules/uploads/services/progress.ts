import type { ProgressEvent } from 'contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { DOC_STATUS_TEXT } from '../../content/constants';
import * as docs from '../repositories/docs';

/** How often the progress stream looks at the documents. */
const POLL_MS = 1000;
/** The stream ends after this long anyway (the page opens another). */
const MAX_STREAM_MS = 30 * 60 * 1000;
const FINAL = new Set([0, 1, 2, 3, 4, 5]);

async function snapshot(app: FastifyInstance, userId: number, ids: number[]): Promise<ProgressEvent[]> {
  const rows = (await docs.docRows(app.db, ids)).filter((r) => Number(r.uploader_id) === userId);
  return rows.map((r) => ({ id: Number(r.id), status: r.status, status_text: DOC_STATUS_TEXT[r.status] ?? '', stage: r.status === 6 ? r.stage : '', progress: r.progress, reason: r.reason }));
}

/**
 * Server-Sent Events: a `progress` event per change of any of these documents of mine, ending when all are in a
 * final state (or are not mine: they never were in the stream).
 */
export async function streamProgress(app: FastifyInstance, reply: FastifyReply, userId: number, ids: number[]): Promise<void> {
  reply.hijack();
  const out = reply.raw;
  out.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache, no-transform', 'x-content-type-options': 'nosniff', connection: 'keep-alive' });
  const seen = new Map<number, string>();
  const started = Date.now();
  let closed = false;
  out.on('close', () => (closed = true));
  while (!closed && Date.now() - started < MAX_STREAM_MS) {
    const events = await snapshot(app, userId, ids).catch(() => null);
    if (events === null) break;
    for (const e of events) {
      const text = JSON.stringify(e);
      if (seen.get(e.id) === text) continue;
      seen.set(e.id, text);
      out.write(`event: progress\ndata: ${text}\n\n`);
    }
    if (events.every((e) => FINAL.has(e.status))) break;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS).unref());
  }
  out.end();
}
