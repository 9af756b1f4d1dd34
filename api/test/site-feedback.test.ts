import { Client, registeredClient, useAccountServer } from './accounts-helpers';
import { engines, expectErrorBody, isChinese } from './helpers';

// POST /api/feedback/ (text, contact, up to 3 img-storage screenshots) and GET /api/feedback/ (my own, with replies).
describe.each(engines())('feedback on %s', (engine) => {
  describe('with generous limits', () => {
    const server = useAccountServer(engine, __filename);

    test('a logged-in person files feedback and finds it, newest first, with the staff reply once there is one', async () => {
      const { client, uid } = await registeredClient(server.base);
      const first = await client.post('/api/feedback/', { content: '  预览白屏  ', contact: ' qq 12345 ', images: ['/api/img-storage/7/', '/api/img-storage/8/', '/api/img-storage/7/'] });
      expect(first.status).toBe(201);
      expect(first.body).toEqual({
        id: expect.any(Number), content: '预览白屏', contact: 'qq 12345', images: ['/api/img-storage/7/', '/api/img-storage/8/'],
        reply: '', reply_time: null, create_time: expect.any(String),
      });
      const second = await client.post('/api/feedback/', { content: '希望支持夜间模式' });
      expect(second.body).toMatchObject({ contact: '', images: [] });
      await server.app.db.query("UPDATE feedback SET reply = '已修复，谢谢', reply_time = now() WHERE id = $1 AND user_id = $2", [first.body.id, uid]);

      const mine = await client.get('/api/feedback/');
      expect(mine.status).toBe(200);
      expect(mine.body).toMatchObject({ count: 2, next: null, previous: null });
      expect(mine.body.results.map((f: { content: string }) => f.content)).toEqual(['希望支持夜间模式', '预览白屏']);
      expect(mine.body.results[1]).toMatchObject({ reply: '已修复，谢谢', reply_time: expect.any(String) });

      // someone else sees only their own
      const other = await registeredClient(server.base);
      expect((await other.client.get('/api/feedback/')).body).toMatchObject({ count: 0, results: [] });
    });

    test('bad input: Chinese 400 per field; a visitor gets 403 未登录', async () => {
      const { client } = await registeredClient(server.base);
      const blank = await client.post('/api/feedback/', { content: '   ' });
      expectErrorBody(blank, 400, 'invalid');
      expect(blank.body.errors.content).toEqual(['请填写反馈内容']);
      const missing = await client.post('/api/feedback/', { contact: 'x' });
      expect(missing.body.errors.content).toEqual(['请填写反馈内容']);
      const long = await client.post('/api/feedback/', { content: '字'.repeat(1001) });
      expect(long.body.errors.content).toEqual(['反馈内容不能超过1000个字符']);
      const four = await client.post('/api/feedback/', { content: 'x', images: ['/api/img-storage/1/', '/api/img-storage/2/', '/api/img-storage/3/', '/api/img-storage/4/'] });
      expectErrorBody(four, 400, 'invalid');
      expect(isChinese(four.body.errors.images[0])).toBe(true);
      const foreign = await client.post('/api/feedback/', { content: 'x', images: ['https://evil.example/a.png'] });
      expectErrorBody(foreign, 400, 'invalid');
      expect(JSON.stringify(foreign.body)).not.toContain('evil.example');
      expectErrorBody(await client.post('/api/feedback/', { content: 'a\u0000b' }), 400, 'invalid');

      const visitor = new Client(server.base);
      const post = await visitor.post('/api/feedback/', { content: 'x' });
      expect(post.status).toBe(403);
      expect(post.body.error).toBe('未登录');
      expect((await visitor.get('/api/feedback/')).status).toBe(403);
    });
  });

  describe('with the real limits', () => {
    const server = useAccountServer(engine, `${__filename}-limits`, { limits: 'real' });

    test('the per-user limit: a 4th feedback within a minute answers 429 反馈太频繁', async () => {
      const { client } = await registeredClient(server.base);
      for (let i = 0; i < 3; i++) expect((await client.post('/api/feedback/', { content: `第${i}条` })).status).toBe(201);
      const over = await client.post('/api/feedback/', { content: '第4条' });
      expect(over.status).toBe(429);
      expect(over.body.message).toBe('反馈太频繁，请稍后再试');
    });
  });
});
