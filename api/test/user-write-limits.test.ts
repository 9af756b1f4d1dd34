import Fastify from 'fastify';
import { memoryCaptchaTokenStore } from '../src/infra/security/captcha-tokens';
import { installRateLimits, memoryRateLimitStore } from '../src/infra/security/rate-limit';
import { seedDemoContent } from '../src/modules/content';
import { generousLimits, registeredClient, solvedCaptchaToken, type Client } from './accounts-helpers';
import { seededDocs, type DocFacts } from './content-helpers';
import { expectErrorBody, type Answer, type TestServer } from './helpers';
import { engineStorePairs, useStoreServer } from './rate-limit-helpers';

const MINUTE = 60_000;

/**
 * Review finding 12: writes a spammer uses are limited per user (the session's user, whatever the address), at the
 * limits of docs/api.md ("Per-user write limits"): comments 5 a minute, complaints 3 a minute. Every per-address
 * group is lifted here, so only the per-user limits can refuse.
 */
describe.each(engineStorePairs())('per-user write limits on %s, counters in %s', (engine, kind) => {
  const limits: Record<string, unknown> = generousLimits();
  for (const perUser of ['comment', 'report', 'feedback', 'upload', 'folder']) delete limits[perUser];
  // a test clock 1 s into a minute: the parallel requests all fall in one window
  const site = useStoreServer(engine, kind, 'user-write-limits', () => ({ rateLimits: limits }));
  let server: TestServer;
  let docs: DocFacts[];
  beforeAll(async () => {
    server = site.server;
    await seedDemoContent(server.app);
    docs = await seededDocs(server.app, 'd.status = 1', 20);
  });

  const user = async (nickname: string): Promise<Client> => (await registeredClient(server.base, { nickname })).client;
  const statuses = (answers: Answer[]) => answers.map((a) => a.status).sort();
  const expectThrottled = (answer: Answer) => {
    expectErrorBody(answer, 429, 'throttled');
    const retryAfter = Number(answer.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(answer.body.retry_after).toBe(retryAfter);
  };

  test('50 parallel comments by one user: 5 are accepted, 45 refused with 429, nothing half-written; a solved captcha lifts one; others unaffected', async () => {
    const [alice, bob] = [await user('刷评论的人'), await user('路人')];
    const doc = docs[0];
    const countOf = async () => (await alice.get(`/api/docs-comment/?docs=${doc.id}&no_comment=1`)).body.count as number;
    const before = await countOf();

    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => alice.post('/api/docs-comment/', { docs: doc.id, content: `第${i}条` })));
    expect(statuses(answers)).toEqual([...Array(5).fill(201), ...Array(45).fill(429)]);
    for (const refused of answers.filter((a) => a.status === 429)) expectThrottled(refused);
    expect(answers.find((a) => a.status === 429)?.body.message).toBe('评论太频繁，请稍后再试');
    // only the accepted ones are there, in the list and in the document's count
    expect(await countOf()).toBe(before + 5);
    expect((await alice.get(`/api/docs/${doc.id}/`)).body.comment_count).toBe(before + 5);

    // the same counter for blog comments: switching kinds is no way round it
    const [blog] = await server.app.db.query<{ id: number }>('SELECT id FROM blogs WHERE status = 1 ORDER BY id LIMIT 1');
    expectThrottled(await alice.post('/api/blogs-comment/', { blogs: blog.id, content: '换个地方' }));

    // a person who solves the security check goes on, once per solved captcha
    const token = await solvedCaptchaToken(alice);
    expect((await alice.post('/api/docs-comment/', { docs: doc.id, content: '验证后再评' }, { 'x-captcha-token': token })).status).toBe(201);
    expectThrottled(await alice.post('/api/docs-comment/', { docs: doc.id, content: '同一个令牌' }, { 'x-captcha-token': token }));
    expectThrottled(await alice.post('/api/docs-comment/', { docs: doc.id, content: '没有令牌' }));
    expect(await countOf()).toBe(before + 6);

    // another user from the same address is not affected
    expect((await bob.post('/api/docs-comment/', { docs: doc.id, content: '我只评一条' })).status).toBe(201);
    expect((await bob.post('/api/blogs-comment/', { blogs: blog.id, content: '博客也评一条' })).status).toBe(201);

    // the next minute lifts the minute's limit
    site.clock.advance(MINUTE);
    expect((await alice.post('/api/docs-comment/', { docs: doc.id, content: '一分钟后' })).status).toBe(201);
  });

  test('20 parallel complaints by one user on 20 documents: 3 are filed, 17 refused with 429; others unaffected', async () => {
    const [carol, dave] = [await user('乱举报的人'), await user('正常举报')];
    const answers = await Promise.all(
      docs.slice(0, 20).map((d) => carol.post('/api/articles-report/', { type: 'docs', id: d.id, reason: 'other', content: '举报' })),
    );
    expect(statuses(answers)).toEqual([...Array(3).fill(201), ...Array(17).fill(429)]);
    for (const refused of answers.filter((a) => a.status === 429)) expectThrottled(refused);
    expect(answers.find((a) => a.status === 429)?.body.message).toBe('举报太频繁，请稍后再试');
    expect((await carol.get('/api/articles-report/')).body.count).toBe(3);

    const refusedDoc = docs[answers.findIndex((a) => a.status === 429)];
    const token = await solvedCaptchaToken(carol);
    const lifted = await carol.post('/api/articles-report/', { type: 'docs', id: refusedDoc.id, reason: 'other', content: '验证后' }, { 'x-captcha-token': token });
    expect(lifted.status).toBe(201);
    expect((await carol.get('/api/articles-report/')).body.count).toBe(4);

    expect((await dave.post('/api/articles-report/', { type: 'docs', id: docs[0].id, reason: 'infringement', content: '侵权' })).status).toBe(201);
  });

  test('favourite folders: 10 of 20 parallel creations a minute by one user', async () => {
    const erin = await user('建收藏夹');
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => erin.post('/api/collect-folder/', { name: `夹${i}`, is_public: false })));
    expect(statuses(answers)).toEqual([...Array(10).fill(201), ...Array(10).fill(429)]);
    for (const refused of answers.filter((a) => a.status === 429)) expectThrottled(refused);
  });
});

describe('the per-user limit option on a bare server', () => {
  const build = async () => {
    const app = Fastify();
    const t = Math.floor(Date.now() / MINUTE) * MINUTE + 1000;
    app.decorate('now', () => new Date(t));
    app.decorate('captchaTokens', memoryCaptchaTokenStore(() => t));
    installRateLimits(app, { store: memoryRateLimitStore(), overrides: { default: [{ max: 1, windowMs: MINUTE }], comment: [{ max: 1, windowMs: MINUTE }] } });
    // the session's user, as the accounts module's onRequest hook sets it (header `user` here)
    app.addHook('onRequest', async (request) => {
      (request as unknown as { user: { id: number } | null }).user = request.headers.user ? { id: Number(request.headers.user) } : null;
    });
    return app;
  };

  test('a route names a per-user group in userLimit only, and an existing one', async () => {
    const app = await build();
    expect(() => app.post('/a/', { config: { rateLimit: 'comment' as never } }, async () => 'x')).toThrow(/unknown rate-limit group "comment"/);
    expect(() => app.post('/b/', { config: { userLimit: 'read' as never } }, async () => 'x')).toThrow(/unknown per-user limit "read"/);
    expect(() => app.post('/c/', { config: { rateLimit: 'account', userLimit: 'upload' } }, async () => 'x')).not.toThrow();
    await app.close();
  });

  test('one solved captcha lifts both the per-address and the per-user limit of its request; no user, no per-user count', async () => {
    const app = await build();
    app.post('/w/', { config: { userLimit: 'comment' } }, async () => 'ok');
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const post = (headers: Record<string, string> = {}) => fetch(`${base}/w/`, { method: 'POST', headers });
    expect((await post({ user: '1' })).status).toBe(200);
    // the second request of the minute: over the address's limit and the user's
    const over = await post({ user: '1' });
    expect(over.status).toBe(429);
    expect(((await over.json()) as { message: string }).message).toBe('请求过于频繁，请稍后再试');
    const token = await app.captchaTokens.issue('127.0.0.1');
    expect((await post({ user: '1', 'x-captcha-token': token })).status).toBe(200);
    expect((await post({ user: '1', 'x-captcha-token': token })).status).toBe(429);
    // a visitor is left to the route's login guard: only the address counts
    const visitorToken = await app.captchaTokens.issue('127.0.0.1');
    expect((await post({ 'x-captcha-token': visitorToken })).status).toBe(200);
    await app.close();
  });
});
