import { render, screen, waitFor, within } from '@testing-library/react';
import { clearUser, http, REMOTE_NAMES, setUser, type DeploymentManifest } from 'shared-kernel';
import { exposes } from '../src/federation/discovery';
import { remoteRegistry } from '../src/federation/registry';
import { Diagnostics } from '../src/pages/Diagnostics';

jest.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: jest.fn(),
  loadRemote: jest.fn(async (id: string) => ({ id, mount: async () => undefined })),
}));

const deployment: DeploymentManifest = {
  remotes: Object.fromEntries(REMOTE_NAMES.map((r, i) => [r, { manifest: `http://127.0.0.1:${3101 + i}/mf-manifest.json`, version: `1.${i}.0` }])) as DeploymentManifest['remotes'],
};

function manifest(exposed: string[], version = '1.0.0') {
  return { metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' }, publicPath: 'auto', buildInfo: { buildVersion: version } }, exposes: exposed.map((name) => ({ name, path: `./${name}` })) };
}

function respond(byUrl: Record<string, unknown>) {
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL) => {
    const body = byUrl[String(input)];
    if (body === undefined) return { ok: false, status: 404, json: async () => ({}) } as Response;
    return { ok: true, status: 200, json: async () => body } as Response;
  });
  return globalThis.fetch as jest.Mock;
}

afterEach(() => {
  delete (globalThis as { fetch?: unknown }).fetch;
  jest.restoreAllMocks();
});

describe('remoteRegistry', () => {
  it('registers a remote once and loads only modules its manifest exposes', async () => {
    const fetchMock = respond({ 'http://127.0.0.1:3101/mf-manifest.json': manifest(['app']) });
    const registry = remoteRegistry(async () => deployment);
    await expect(registry.loadModule('mf-auth', 'dialogs')).resolves.toBeNull();
    await expect(registry.loadApp('mf-auth')).resolves.toMatchObject({ id: 'mf_auth/app' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(exposes(manifest(['app', 'dialogs']), 'dialogs')).toBe(true);
  });

  it('a failed registration is tried again next time; reset reads the deployment manifest again', async () => {
    const fetchMock = respond({});
    const fetchDeployment = jest.fn(async () => deployment);
    const registry = remoteRegistry(fetchDeployment);
    await expect(registry.loadApp('mf-pay')).rejects.toThrow('HTTP 404');
    respond({ 'http://127.0.0.1:3104/mf-manifest.json': manifest(['app']) });
    await expect(registry.loadApp('mf-pay')).resolves.toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    registry.reset('mf-pay');
    expect(fetchDeployment).toHaveBeenCalledTimes(2);
  });

  it('a deployment manifest that failed to load does not stay cached as an unhandled rejection', async () => {
    const fetchDeployment = jest.fn().mockRejectedValueOnce(new Error('部署清单加载失败（HTTP 503）')).mockResolvedValue(deployment);
    const registry = remoteRegistry(fetchDeployment);
    await expect(registry.deployment()).rejects.toThrow('HTTP 503');
    registry.reset('mf-articles');
    await expect(registry.deployment()).resolves.toBe(deployment);
  });
});

describe('Diagnostics (/test)', () => {
  it('shows each remote\'s deployed and built version, which ones answer, and the API health', async () => {
    setUser({ uid: 3, nickname: '运营', is_active: 1, staff_roles: ['admin'] });
    respond(Object.fromEntries(REMOTE_NAMES.filter((r) => r !== 'mf-pay').map((r) => [deployment.remotes[r].manifest, manifest(['app'], `${deployment.remotes[r].version}`)])));
    jest.spyOn(http, 'get').mockResolvedValue({ data: { status: 'ok', db: 'pglite', version: '0.1.0', migrations: 12 } });
    render(<Diagnostics deployment={async () => deployment} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('诊断信息');
    await waitFor(() => expect(screen.getByTestId('api-health').textContent).toContain('正常'));
    expect(screen.getByTestId('api-health').textContent).toContain('pglite，已执行 12 个迁移');
    for (const remote of REMOTE_NAMES) {
      const row = document.querySelector(`[data-remote-row="${remote}"]`) as HTMLElement;
      expect(within(row).getByTestId(`deployed-${remote}`).textContent).toBe(deployment.remotes[remote].version);
      expect(row.textContent).toContain(remote === 'mf-pay' ? '无法访问' : '正常');
    }
    expect(document.querySelector('[data-remote-row="shell"]')!.textContent).toContain('1.0.0');
    clearUser();
  });

  it('checks the staff console for staff only: anyone else\'s browser never asks for its manifest', async () => {
    clearUser();
    const fetchMock = respond(Object.fromEntries(REMOTE_NAMES.map((r) => [deployment.remotes[r].manifest, manifest(['app'])])));
    jest.spyOn(http, 'get').mockResolvedValue({ data: { status: 'ok', db: 'pglite', version: '0.1.0', migrations: 12 } });
    render(<Diagnostics deployment={async () => deployment} />);
    await waitFor(() => expect(document.querySelector('[data-remote-row="mf-pay"]')!.textContent).toContain('正常'));
    expect(document.querySelector('[data-remote-row="mf-admin"]')).toBeNull();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).not.toContain(deployment.remotes['mf-admin'].manifest);
    expect(fetchMock).toHaveBeenCalledTimes(REMOTE_NAMES.length - 1);
  });

  it('a missing deployment manifest and a down API are shown, not thrown', async () => {
    respond({});
    jest.spyOn(http, 'get').mockRejectedValue(new Error('Network Error'));
    render(<Diagnostics deployment={() => Promise.reject(new Error('部署清单加载失败（HTTP 503）'))} />);
    await waitFor(() => expect(screen.getByTestId('api-health').textContent).toContain('接口无法访问'));
    expect(screen.getByText('部署清单加载失败（HTTP 503）')).toBeTruthy();
    expect(document.querySelector('[data-remote-row="mf-auth"]')!.textContent).toContain('未部署');
  });
});
