#!/usr/bin/env node
// The product's app, as far as QR login needs it: logs in with a phone account (platform android, SMS codes read
// from the API's dev outbox, so the API must run in development or test mode) and scans / confirms a login QR
// token through the app-side API (POST /api/qrcode/scan/ and /api/qrcode/confirm/). The outbox answers this
// machine only, with the site's dev routes token (the one `npm start` prints): --dev-token or DEV_ROUTES_TOKEN.
//
//   node api/scripts/qr-app-simulator.mjs --base http://localhost:18180 --token <token> [--mobile 13900000000]
//                                         [--step scan|confirm|both] [--dev-token <令牌>]      (default both)
//
// The e2e journeys import appLogin() and scanAndConfirm() from here.
import { constants, publicEncrypt } from 'node:crypto';
import { parseArgs } from 'node:util';

/** A tiny HTTP client with a cookie jar that mirrors csrftoken into X-CSRFToken, as the app's client does. */
export class AppClient {
  constructor(base) {
    this.base = base.replace(/\/+$/, '');
    this.cookies = new Map();
  }

  async request(method, path, body) {
    const headers = { 'user-agent': 'ZhikuDocsApp/1.0 (Android; simulator)' };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (method !== 'GET' && this.cookies.has('csrftoken')) headers['x-csrftoken'] = this.cookies.get('csrftoken');
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (path.startsWith('/api/dev/') && process.env.DEV_ROUTES_TOKEN) headers['x-dev-token'] = process.env.DEV_ROUTES_TOKEN;
    const res = await fetch(this.base + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';').map((p) => p.trim());
      const at = pair.indexOf('=');
      const name = pair.slice(0, at);
      const value = pair.slice(at + 1);
      if (value === '' || attributes.some((a) => /^max-age=0$/i.test(a))) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await res.text();
    let json = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    return { status: res.status, body: json ?? text };
  }
}

async function outboxCode(client, mobile, since) {
  for (let i = 0; i < 40; i += 1) {
    const { status, body } = await client.request('GET', `/api/dev/outbox/?mobile=${mobile}&limit=5`);
    if (status !== 200) throw new Error(`开发发件箱不可用（${status}）：API 需以开发或测试模式运行`);
    const found = body.results.find((m) => m.code && new Date(m.create_time).getTime() >= since - 1000);
    if (found) return found.code;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`发件箱中没有发给 ${mobile} 的验证码`);
}

async function sendCode(client, mobile, reason) {
  const since = Date.now();
  const sent = await client.request('POST', '/api/codes/', { mobile, reason, country_code: '86' });
  if (sent.status !== 200) throw new Error(`验证码发送失败: ${sent.status} ${JSON.stringify(sent.body)}`);
  return outboxCode(client, mobile, since);
}

/**
 * Logs the app in as `mobile`: registers it (with `password`) when it is new, else logs in with an SMS code.
 * Answers the client (its session is an app session: platform android) and the user info.
 */
export async function appLogin(base, mobile, password = 'app12345') {
  const client = new AppClient(base);
  const { body: key } = await client.request('GET', '/api/public-key/');
  const encrypted = publicEncrypt(
    { key: key.public_key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(password, 'utf8'),
  ).toString('base64');
  const registerCode = await sendCode(client, mobile, 'REGISTER');
  const registered = await client.request('POST', '/api/users/', { username: mobile, password: encrypted, code: registerCode, platform: 'android' });
  if (registered.status === 201) return { client, user: registered.body };
  // already registered: an SMS-code login (a minute later at the earliest: one code a minute per phone)
  await new Promise((r) => setTimeout(r, 61_000));
  const code = await sendCode(client, mobile, 'LOGIN');
  const login = await client.request('POST', '/api/token/', { username: mobile, code, login_type: 2, platform: 'android' });
  if (login.status !== 200) throw new Error(`App 登录失败: ${login.status} ${JSON.stringify(login.body)}`);
  return { client, user: login.body };
}

/** Scans and/or confirms a login QR token as the logged-in app; throws with the API's message on refusal. */
export async function scanAndConfirm(client, token, step = 'both', type = 'login') {
  const results = [];
  for (const action of step === 'both' ? ['scan', 'confirm'] : [step]) {
    const answer = await client.request('POST', `/api/qrcode/${action}/`, { token, type });
    if (answer.status !== 200) throw new Error(`${action} 失败: ${answer.status} ${answer.body?.message ?? ''}`);
    results.push(answer.body);
  }
  return results;
}

const invokedDirectly = process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop());
if (invokedDirectly) {
  const { values } = parseArgs({
    options: {
      base: { type: 'string', default: 'http://127.0.0.1:8090' },
      token: { type: 'string' },
      mobile: { type: 'string' },
      step: { type: 'string', default: 'both' },
      'dev-token': { type: 'string' },
    },
  });
  if (values['dev-token']) process.env.DEV_ROUTES_TOKEN = values['dev-token'];
  if (!values.token) {
    console.error('用法: node api/scripts/qr-app-simulator.mjs --base <站点或 API 地址> --token <二维码 token> [--mobile 手机号] [--step scan|confirm|both] [--dev-token 开发接口令牌]');
    process.exit(2);
  }
  const mobile = values.mobile ?? `139${String(Date.now() % 1e8).padStart(8, '0')}`;
  try {
    const { client, user } = await appLogin(values.base, mobile);
    console.log(`App 已登录: uid ${user.uid}（${mobile}）`);
    for (const r of await scanAndConfirm(client, values.token, values.step)) console.log(`${r.status}: ${r.detail}`);
  } catch (err) {
    console.error(String(err?.message ?? err));
    process.exit(1);
  }
}
