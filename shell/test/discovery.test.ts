import { DEPLOYMENT_MANIFEST_PATH } from 'shared-kernel';
import { fetchDeployment, remoteEntryUrl } from '../src/federation/discovery';

function mfManifest(publicPath: string, remoteEntry: { name: string; path: string }) {
  return { metaData: { publicPath, remoteEntry } };
}

describe('remoteEntryUrl', () => {
  const manifestUrl = 'http://127.0.0.1:3102/mf-auth/mf-manifest.json';

  it("resolves next to the manifest when publicPath is 'auto' and the entry has no path", () => {
    expect(remoteEntryUrl(manifestUrl, mfManifest('auto', { name: 'remoteEntry.js', path: '' }))).toBe(
      'http://127.0.0.1:3102/mf-auth/remoteEntry.js',
    );
  });

  it("adds remoteEntry.path (with or without a trailing slash) when publicPath is 'auto'", () => {
    expect(remoteEntryUrl(manifestUrl, mfManifest('auto', { name: 'remoteEntry.js', path: 'static/js' }))).toBe(
      'http://127.0.0.1:3102/mf-auth/static/js/remoteEntry.js',
    );
    expect(remoteEntryUrl(manifestUrl, mfManifest('auto', { name: 'remoteEntry.js', path: 'static/js/' }))).toBe(
      'http://127.0.0.1:3102/mf-auth/static/js/remoteEntry.js',
    );
  });

  it('uses an absolute publicPath instead of the manifest location', () => {
    expect(
      remoteEntryUrl(manifestUrl, mfManifest('https://cdn.example.com/auth/1.2.3/', { name: 'remoteEntry.js', path: '' })),
    ).toBe('https://cdn.example.com/auth/1.2.3/remoteEntry.js');
    expect(
      remoteEntryUrl(manifestUrl, mfManifest('https://cdn.example.com/auth/', { name: 'remoteEntry.js', path: 'js' })),
    ).toBe('https://cdn.example.com/auth/js/remoteEntry.js');
  });

  it('resolves a root-relative publicPath against the manifest origin', () => {
    expect(remoteEntryUrl(manifestUrl, mfManifest('/remotes/auth/', { name: 'remoteEntry.js', path: '' }))).toBe(
      'http://127.0.0.1:3102/remotes/auth/remoteEntry.js',
    );
  });
});

describe('fetchDeployment', () => {
  const realFetch = globalThis.fetch;
  let fetchMock: jest.Mock<Promise<Partial<Response>>, [RequestInfo | URL, RequestInit?]>;

  function respond(status: number, json: () => Promise<unknown>): void {
    fetchMock.mockResolvedValue({ ok: status >= 200 && status < 300, status, json } as Partial<Response>);
  }

  beforeEach(() => {
    fetchMock = jest.fn();
    globalThis.fetch = fetchMock as unknown as typeof fetch;
  });
  afterEach(() => {
    globalThis.fetch = realFetch;
  });

  const deployment = {
    remotes: {
      'mf-auth': { manifest: 'http://127.0.0.1:3101/mf-manifest.json', version: '1.0.0' },
      'mf-articles': { manifest: 'http://127.0.0.1:3102/mf-manifest.json', version: '1.1.0' },
    },
  };

  it('fetches /deployment.json without the HTTP cache and returns it', async () => {
    respond(200, async () => deployment);
    await expect(fetchDeployment()).resolves.toEqual(deployment);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0][0]).toBe(DEPLOYMENT_MANIFEST_PATH);
    expect(DEPLOYMENT_MANIFEST_PATH).toBe('/deployment.json');
    expect(fetchMock.mock.calls[0][1]).toEqual(expect.objectContaining({ cache: 'no-cache' }));
  });

  it('rejects with a Chinese message carrying the HTTP status', async () => {
    const json = jest.fn(async () => deployment);
    respond(503, json);
    await expect(fetchDeployment()).rejects.toThrow('部署清单加载失败（HTTP 503）');
    respond(404, json);
    await expect(fetchDeployment()).rejects.toThrow('HTTP 404');
    expect(json).not.toHaveBeenCalled();
  });

  it('rejects a body that is not JSON', async () => {
    respond(200, async () => JSON.parse('<!doctype html>'));
    await expect(fetchDeployment()).rejects.toThrow(SyntaxError);
  });

  it.each<[string, unknown]>([
    ['null', null],
    ['an array', []],
    ['no remotes', { version: 1 }],
    ['an entry without manifest', { remotes: { 'mf-auth': { version: '1.0.0' } } }],
  ])('rejects a well-formed JSON body of the wrong shape (%s) in Chinese', async (_label, body) => {
    respond(200, async () => body);
    await expect(fetchDeployment()).rejects.toThrow('部署清单格式不正确');
  });

  it('passes a network failure through', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(fetchDeployment()).rejects.toThrow('Failed to fetch');
  });
});
