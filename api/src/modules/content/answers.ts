import type { Page } from 'contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { readTime, type ReadTime } from './list-rows';

/** A page of a public list or search as sent: its JSON (written by the route's response schema) and its count. */
export interface Answer {
  body: Buffer;
  count: number;
  /** Date.now() of the oldest read the page is made of (its age in the cache counts from then). */
  since: number;
}

/**
 * The answer to a GET of a public list or search: the kept one of its URL (path and query as sent, app.content.answers),
 * or the page `make` builds, serialized as the route's schema would and kept. Every requester gets the same answer, so
 * only a page that depends on nothing but its URL may come here (no user's own state: a list item has none).
 */
export async function keptAnswer<T>(request: FastifyRequest, reply: FastifyReply, make: (read: ReadTime) => Promise<Page<T>>): Promise<Answer> {
  const answer = await request.server.content.answers.get(request.url, async () => {
    const read = readTime();
    const page = await make(read);
    const json: unknown = reply.serialize(page); // the route's response schema writes a string
    return { body: Buffer.from(String(json), 'utf8'), count: page.count, since: read.since };
  });
  void reply.type('application/json; charset=utf-8');
  return answer;
}
