import { expect, test } from '@playwright/test';
import { freshPhone } from '../support/auth';

// The dev outbox through the shell (hardening, finding 1): the URL `npm start` prints (the site's origin, the
// run's token) answers the person at this machine; without the token, or with another one, the path does not
// exist; a forged X-Forwarded-For naming this machine changes nothing (the shell replaces it with its peer).

test('the outbox URL with the token answers through the shell; without it, or with a wrong one, 404 as an unknown path', async ({ request, baseURL }) => {
  const mobile = freshPhone();
  expect((await request.post('/api/codes/', { data: { mobile, reason: 'LOGIN' } })).status()).toBe(200);
  const token = process.env.DEV_ROUTES_TOKEN ?? '';
  expect(token.length, 'global-setup 设置的 DEV_ROUTES_TOKEN').toBeGreaterThanOrEqual(16);

  const clicked = await request.get(`${baseURL}/api/dev/outbox/?token=${encodeURIComponent(token)}&mobile=${mobile}`);
  expect(clicked.status()).toBe(200);
  const { results } = (await clicked.json()) as { results: { code: string | null }[] };
  expect(results[0]?.code).toMatch(/^\d{6}$/);

  for (const query of ['', '&token=wrong-token-wrong-token']) {
    for (const headers of [{}, { 'x-forwarded-for': '127.0.0.1' }] as Record<string, string>[]) {
      const res = await request.get(`/api/dev/outbox/?mobile=${mobile}${query}`, { headers });
      expect(res.status()).toBe(404);
      expect(await res.json()).toMatchObject({ code: 'not_found' });
    }
  }
  expect((await request.get(`/api/dev/captcha-answer/?id=abcdefabcdefabcdefabcdef`)).status()).toBe(404);
});
