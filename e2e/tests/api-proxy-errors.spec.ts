import { expect, test } from '@playwright/test';

// The shell passes the API's errors on (hardening, finding 9): a JSON body over the API's 1 MiB limit gets the API's
// 413 and its JSON (it was the shell's 502), a long URL the API's 431 JSON (it was an empty 431 of the shell); a
// head too long even for the shell gets the shell's own 431, JSON with a Chinese message and a code. A body over the
// shell's 2 MiB buffer is streamed to the API, which reads and drops it before its 413 (it was 502 most times).

test("a JSON body over 1 MiB gets the API's 413 through the shell, every time", async ({ baseURL }) => {
  const answers: [number, unknown][] = [];
  for (let i = 0; i < 5; i++) {
    const body = JSON.stringify({ title: '过大的文档', content: '文'.repeat(400_000 + i * 50_000) });
    const res = await fetch(`${baseURL}/api/docs/`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });
    answers.push([res.status, await res.json()]);
  }
  expect(answers).toEqual(Array(5).fill([413, { message: '请求体过大，请减小后重试', code: 'payload_too_large' }]));
});

test("a 5 MiB JSON body (streamed by the shell, over its 2 MiB buffer) gets the API's 413 and its JSON, every time", async ({ baseURL }) => {
  const answers: [number, string][] = [];
  for (let i = 0; i < 5; i++) {
    const body = JSON.stringify({ title: '过大的文档', content: 'a'.repeat(5 * 1024 * 1024 + i * 100_000) });
    const res = await fetch(`${baseURL}/api/docs/`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });
    answers.push([res.status, await res.text()]);
  }
  const refused = JSON.stringify({ message: '请求体过大，请减小后重试', code: 'payload_too_large' });
  expect(answers.map(([status, text]) => [status, text && JSON.stringify(JSON.parse(text))])).toEqual(Array(5).fill([413, refused]));
});

test("a long URL gets the API's 431 JSON; one too long for the shell its own JSON 431", async ({ baseURL }) => {
  const api = await fetch(`${baseURL}/api/docs/?keyword=${'a'.repeat(20_000)}`);
  expect(api.status).toBe(431);
  expect(await api.json()).toEqual({ message: '请求头过大', code: 'headers_too_large' });

  const shell = await fetch(`${baseURL}/api/docs/?keyword=${'a'.repeat(70_000)}`);
  expect(shell.status).toBe(431);
  expect(shell.headers.get('content-type')).toBe('application/json; charset=utf-8');
  expect(await shell.json()).toEqual({ message: '请求头过大', code: 'headers_too_large' });
});
