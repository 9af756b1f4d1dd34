import { expect, test, type Page } from '@playwright/test';
import { ROUTES } from '../../shared-kernel/src/routing/route-table';
import { startAs } from '../support/shell';
import { initialDeployment, type Remote } from '../support/site';

// Security headers of the composed site (hardening, finding 2): every page of the route table, `/`, the deployment
// manifest and the remotes' files carry nosniff, a Referrer-Policy and no framing; pages carry a CSP under which
// the federation works: no page, a PDF preview and the QR login included, reports a CSP violation in Chromium.

const urlOf = (routePath: string) => routePath.replace(':id', '12');
const PAGES = ['/', ...ROUTES.map((r) => urlOf(r.path))];

function expectHeaders(headers: Record<string, string>, what: string): void {
  expect(headers['x-content-type-options'], `${what} nosniff`).toBe('nosniff');
  expect(headers['referrer-policy'], `${what} Referrer-Policy`).toBe('strict-origin-when-cross-origin');
  expect(headers['x-frame-options'], `${what} X-Frame-Options`).toBe('DENY');
  expect(headers['content-security-policy'], `${what} CSP`).toMatch(/(^|; )frame-ancestors 'none'(;|$)/);
}

test('every page, the deployment manifest and every remote file the site starts with carry the security headers', async ({ request }) => {
  for (const url of PAGES) {
    const res = await request.get(url);
    expect(res.status(), url).toBe(200);
    const headers = res.headers();
    expectHeaders(headers, url);
    const csp = headers['content-security-policy'];
    expect(csp, url).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
    expect(csp, url).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
    for (const remote of Object.keys(initialDeployment())) {
      expect(csp, `${url} 允许 ${remote}`).toContain(new URL(initialDeployment()[remote as Remote].manifest).origin);
    }
  }
  const deployment = await request.get('/deployment.json');
  expect(deployment.status()).toBe(200);
  expectHeaders(deployment.headers(), '/deployment.json');
  expect(deployment.headers()['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");

  for (const [remote, { manifest }] of Object.entries(initialDeployment())) {
    const res = await request.get(manifest);
    expectHeaders(res.headers(), manifest);
    const { metaData, exposes } = (await res.json()) as { metaData: { remoteEntry: { name: string } }; exposes: { name: string; assets: { js: { sync: string[] } } }[] };
    const scripts = [metaData.remoteEntry.name, ...(exposes.find((e) => e.name === 'app')?.assets.js.sync ?? [])];
    for (const file of scripts) {
      const asset = await request.get(new URL(file, manifest).href);
      expect(asset.status(), `${remote} ${file}`).toBe(200);
      const headers = asset.headers();
      expect(headers['x-content-type-options'], file).toBe('nosniff');
      expect(headers['referrer-policy'], file).toBe('strict-origin-when-cross-origin');
      expect(headers['x-frame-options'], file).toBe('DENY');
    }
  }
});

/** Collects CSP violations of the page (and its frames): the DOM event and Chromium's console report. */
async function watchViolations(page: Page): Promise<string[]> {
  const found: string[] = [];
  await page.exposeFunction('__cspViolation', (line: string) => found.push(line));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __cspViolation(line: string): void }).__cspViolation(`${location.pathname}: ${e.effectiveDirective} ${e.blockedURI} (${e.sourceFile}:${e.lineNumber})`);
    });
  });
  page.on('console', (msg) => {
    if (/Content Security Policy|Refused to (load|execute|connect|apply|frame|create)/i.test(msg.text())) found.push(`${page.url()}: ${msg.text()}`);
  });
  return found;
}

test('no page of the route table reports a CSP violation in Chromium', async ({ page, context }) => {
  test.setTimeout(240_000);
  // a staff member's user info, so the staff console (mf-admin) is loaded too
  await startAs(context, { uid: 1, nickname: '测试用户', is_active: 1, staff_roles: ['admin'] });
  const violations = await watchViolations(page);
  for (const url of PAGES) {
    await page.goto(url);
    // the page has rendered (its heading), then its late requests have ended
    await expect(page.locator('main h1').first(), url).toBeVisible();
    await page.waitForLoadState('networkidle').catch(() => {});
  }
  expect(violations).toEqual([]);
});

test('a PDF preview (pdf.js workers from the remote origin) and the QR login (WebSocket) run under the CSP', async ({ page }) => {
  test.setTimeout(90_000);
  const violations = await watchViolations(page);
  const list = await page.request.get('/api/docs/?page_size=5&ext_cate=pdf&is_free=1');
  const [pdf] = ((await list.json()) as { results: { id: number }[] }).results;
  expect(pdf, '一个免费 PDF 文档').toBeTruthy();
  await page.goto(`/app/articles/docs/detail/${pdf.id}`);
  await expect(page.locator('canvas').first()).toBeVisible({ timeout: 30_000 });
  await page.waitForLoadState('networkidle').catch(() => {});

  const sockets: string[] = [];
  page.on('websocket', (ws) => sockets.push(ws.url()));
  await page.goto('/app/user/login/mobile?form_type=login_qrcode');
  await expect(page.getByRole('img', { name: '登录二维码' })).toBeVisible();
  await expect.poll(() => sockets.length, 'QR 登录的 WebSocket').toBeGreaterThan(0);
  expect(new URL(sockets[0]).pathname).toBe('/api/ws/login-qrcode/');
  expect(violations).toEqual([]);
});
