import { FederationHost, getRemoteEntry, satisfy, type ShareArgs } from '../build/runtime/federation-runtime';

describe('satisfy (npm semver ranges)', () => {
  it.each([
    ['19.3.1', '^19.0.0', true],
    ['20.0.0', '^19.0.0', false],
    ['18.9.9', '^19.0.0', false],
    ['0.1.5', '^0.1.0', true],
    ['0.2.0', '^0.1.0', false],
    ['0.0.3', '^0.0.3', true],
    ['0.0.4', '^0.0.3', false],
    ['1.9.0', '^1.2.x', true],
    ['0.0.9', '^0.0', true],
    ['0.1.0', '^0.0', false],
    ['0.1.0', '~0.1.0', true],
    ['0.1.9', '~0.1.0', true],
    ['0.2.0', '~0.1.0', false],
    ['1.9.0', '~1', true],
    ['2.0.0', '~1', false],
    ['1.2.3', '1.2.3', true],
    ['1.2.4', '=1.2.3', false],
    ['1.2.9', '1.2.x', true],
    ['1.3.0', '1.2', false],
    ['5.0.0', '*', true],
    ['5.0.0', '', true],
    ['1.5.0', '>=1.2.0 <2.0.0', true],
    ['2.0.0', '>=1.2.0 <2.0.0', false],
    ['1.3.0', '>1.2', true],
    ['1.2.9', '>1.2', false],
    ['1.2.9', '<=1.2', true],
    ['1.3.0', '<=1.2', false],
    ['1.2.4', '> 1.2.3', true],
    ['3.1.0', '^1.0.0 || ^3.0.0', true],
    ['2.1.0', '^1.0.0 || ^3.0.0', false],
    ['1.5.0', '1.2.0 - 1.6.0', true],
    ['1.7.0', '1.2.0 - 1.6.0', false],
    ['v7.8.2', '^7.0.0', true],
    ['19.0.0-rc.1', '^19.0.0', false],
    ['19.0.0-rc.1', '^19.0.0-rc.0', true],
    ['19.0.0-rc.10', '>19.0.0-rc.9', true],
    ['19.0.0', '^19.0.0-rc.0', true],
    ['19', '^19.0.0', false],
    ['not-a-version', '^1.0.0', false],
    ['1.0.0', 'nonsense', false],
  ])('%s in %s: %s', (version, range, expected) => {
    expect(satisfy(version, range)).toBe(expected);
  });
});

type Factory = () => unknown;

/** A provided version whose factory returns `value`; `get` counts how often the version was fetched. */
function provide(version: string, value: unknown, shareConfig: ShareArgs['shareConfig'] = {}) {
  const factory: Factory = () => value;
  const get = jest.fn(async () => factory);
  return { args: { version, get, scope: ['default'], shareConfig: { singleton: true, requiredVersion: '^1.0.0', ...shareConfig } }, get };
}

/** What the bundler runtime asks for when a module consumes `pkg`. */
const consume = (shareConfig: ShareArgs['shareConfig']) => ({ customShareInfo: { scope: ['default'], shareConfig } });

/** A remote's instance as its container's init sets it up: the host's share scope, then its own versions in it. */
function remoteOf(host: FederationHost, name: string, shared: Record<string, ShareArgs>) {
  const remote = new FederationHost({ name, shared });
  const initOptions = { version: '', shareScopeKeys: 'default' };
  remote.initOptions({ name, remotes: [], ...initOptions });
  host.initializeSharing('default');
  remote.initShareScopeMap('default', host.shareScopeMap.default);
  remote.initializeSharing('default');
  return remote;
}

describe('shared singletons', () => {
  it('gives a remote the version the host already loaded, even when the remote offers a higher one', async () => {
    const hostLib = provide('1.2.0', 'host copy');
    const host = new FederationHost({ name: 'shell', shared: { lib: hostLib.args } });
    const hostFactory = await host.loadShare('lib', consume({ singleton: true, requiredVersion: '^1.0.0' }));
    expect(hostFactory && hostFactory()).toBe('host copy');

    const remoteLib = provide('1.5.0', 'remote copy');
    const remote = remoteOf(host, 'mf_remote', { lib: remoteLib.args });
    const remoteFactory = await remote.loadShare('lib', consume({ singleton: true, requiredVersion: '^1.0.0' }));
    expect(remoteFactory).toBe(hostFactory);
    expect(hostLib.get).toHaveBeenCalledTimes(1);
    expect(remoteLib.get).not.toHaveBeenCalled();
    expect(host.shareScopeMap.default.lib['1.2.0'].useIn).toEqual(['shell', 'mf_remote']);
  });

  it('takes the highest version when nobody loaded one yet, and loads it once for everyone', async () => {
    const hostLib = provide('1.2.0', 'host copy');
    const host = new FederationHost({ name: 'shell', shared: { lib: hostLib.args } });
    const remoteLib = provide('1.5.0', 'remote copy');
    const remote = remoteOf(host, 'mf_remote', { lib: remoteLib.args });
    const [a, b] = await Promise.all([
      host.loadShare('lib', consume({ singleton: true, requiredVersion: '^1.0.0' })),
      remote.loadShare('lib', consume({ singleton: true, requiredVersion: '^1.0.0' })),
    ]);
    expect(a).toBe(b);
    expect(a && a()).toBe('remote copy');
    expect(remoteLib.get).toHaveBeenCalledTimes(1);
    expect(hostLib.get).not.toHaveBeenCalled();
  });

  it('keeps the first registration of the same version (a later one from a smaller name does not replace it)', () => {
    const host = new FederationHost({ name: 'shell', shared: { lib: provide('1.2.0', 'host').args } });
    const remote = remoteOf(host, 'mf_remote', { lib: provide('1.2.0', 'remote').args });
    expect(host.shareScopeMap.default.lib['1.2.0'].from).toBe('shell');
    expect(remote.shareScopeMap.default).toBe(host.shareScopeMap.default);
  });

  it('warns when the singleton does not satisfy the required version, and fails when the version is strict', async () => {
    const host = new FederationHost({ name: 'shell', shared: { lib: provide('2.0.0', 'v2').args } });
    await host.loadShare('lib', consume({ singleton: true, requiredVersion: '^2.0.0' }));
    const remote = remoteOf(host, 'mf_remote', {});
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const factory = await remote.loadShare('lib', consume({ singleton: true, requiredVersion: '^1.0.0' }));
    expect(factory && factory()).toBe('v2');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('2.0.0'));
    warn.mockRestore();
    await expect(remote.loadShare('lib', consume({ singleton: true, requiredVersion: '^1.0.0', strictVersion: true }))).rejects.toThrow(
      '^1.0.0',
    );
  });

  it('answers false when the scope has no version of the package (the module then uses its own copy)', async () => {
    const host = new FederationHost({ name: 'shell', shared: {} });
    await expect(host.loadShare('missing', consume({ singleton: true, requiredVersion: '^1.0.0' }))).resolves.toBe(false);
  });

  it('answers false for a non-singleton when no version satisfies, else one that does (loaded first, then highest)', async () => {
    const host = new FederationHost({ name: 'shell', shared: { lib: provide('1.2.0', 'v1', { singleton: false }).args } });
    remoteOf(host, 'mf_remote', { lib: provide('3.0.0', 'v3', { singleton: false }).args });
    await expect(host.loadShare('lib', consume({ singleton: false, requiredVersion: '^2.0.0' }))).resolves.toBe(false);
    const v1 = await host.loadShare('lib', consume({ singleton: false, requiredVersion: '^1.0.0' }));
    expect(v1 && v1()).toBe('v1');
    const loaded = await host.loadShare('lib', consume({ singleton: false, requiredVersion: '>=1.0.0' }));
    expect(loaded && loaded()).toBe('v1');
    const v3 = await host.loadShare('lib', consume({ singleton: false, requiredVersion: '^3.0.0' }));
    expect(v3 && v3()).toBe('v3');
  });

  it('loads again after a failed fetch of a shared module', async () => {
    const factory = () => 'ok';
    const get = jest.fn().mockRejectedValueOnce(new Error('chunk failed')).mockResolvedValue(factory);
    const host = new FederationHost({ name: 'shell', shared: { lib: { version: '1.0.0', get, scope: ['default'], shareConfig: { singleton: true } } } });
    await expect(host.loadShare('lib', consume({ singleton: true, requiredVersion: '^1.0.0' }))).rejects.toThrow('chunk failed');
    await expect(host.loadShare('lib', consume({ singleton: true, requiredVersion: '^1.0.0' }))).resolves.toBe(factory);
  });

  it('gives a module needed synchronously its factory, and refuses one that would load asynchronously', () => {
    const factory = () => 'sync';
    const host = new FederationHost({
      name: 'shell',
      shared: { eagerLib: { version: '1.0.0', get: () => factory, scope: ['default'], shareConfig: { singleton: true, eager: true } } },
    });
    expect(host.loadShareSync('eagerLib', consume({ singleton: true, requiredVersion: '^1.0.0' }))).toBe(factory);
    const other = new FederationHost({ name: 'other', shared: { lib: provide('1.0.0', 'x').args } });
    expect(() => other.loadShareSync('lib', consume({ singleton: true, requiredVersion: '^1.0.0' }))).toThrow('同步');
  });

  it('refuses runtime plugins other than the bundler runtime’s own', () => {
    expect(() => new FederationHost({ name: 'shell', plugins: [{ name: 'tree-shake-plugin' }] })).not.toThrow();
    expect(() => new FederationHost({ name: 'shell', plugins: [{ name: 'my-plugin' }] })).toThrow('my-plugin');
  });

  it('does not offer shared tree shaking’s fallback entries', async () => {
    await expect(getRemoteEntry()).rejects.toThrow();
  });
});

describe('remotes', () => {
  const globals = globalThis as unknown as Record<string, unknown>;
  let scripts: string[];
  /** What the next script element does when appended: define a container (and load), fail, or load without one. */
  let nextScript: (src: string) => 'load' | 'error';

  beforeEach(() => {
    scripts = [];
    nextScript = () => 'load';
    jest.spyOn(document.head, 'appendChild').mockImplementation(<T extends Node>(node: T): T => {
      const script = node as unknown as HTMLScriptElement;
      scripts.push(script.src);
      const outcome = nextScript(script.src);
      setTimeout(() => (outcome === 'load' ? script.onload : script.onerror)?.call(script, new Event(outcome)));
      return node;
    });
  });
  afterEach(() => {
    jest.restoreAllMocks();
    delete globals.mf_remote;
  });

  function container(value: unknown) {
    return { init: jest.fn(async () => undefined), get: jest.fn(async (expose: string) => () => ({ expose, value })) };
  }

  it('loads the entry once, inits the container with the host’s share scope, and returns the exposed module', async () => {
    const host = new FederationHost({ name: 'shell', shared: { lib: provide('1.0.0', 'x').args } });
    const c = container('v1');
    nextScript = () => {
      globals.mf_remote = c;
      return 'load';
    };
    host.registerRemotes([{ name: 'mf_remote', entry: 'http://remote.test/remoteEntry.js' }]);
    await expect(host.loadRemote('mf_remote/app')).resolves.toEqual({ expose: './app', value: 'v1' });
    await expect(host.loadRemote('mf_remote/dialogs')).resolves.toEqual({ expose: './dialogs', value: 'v1' });
    expect(scripts).toEqual(['http://remote.test/remoteEntry.js']);
    expect(c.init).toHaveBeenCalledTimes(1);
    const [scope, initScope, initOptions] = c.init.mock.calls[0] as unknown as [unknown, unknown[], Record<string, unknown>];
    expect(scope).toBe(host.shareScopeMap.default);
    expect(Object.keys(scope as object)).toEqual(['lib']);
    expect(initScope).toEqual([]);
    expect(initOptions).toEqual({ version: '', shareScopeKeys: 'default' });
    expect(initOptions.shareScopeMap).toBe(host.shareScopeMap);
  });

  it('rejects when the entry cannot be fetched or defines no container, and tries again on the next load', async () => {
    const host = new FederationHost({ name: 'shell' });
    host.registerRemotes([{ name: 'mf_remote', entry: 'http://remote.test/remoteEntry.js' }]);
    nextScript = () => 'error';
    await expect(host.loadRemote('mf_remote/app')).rejects.toThrow('http://remote.test/remoteEntry.js');
    nextScript = () => 'load';
    await expect(host.loadRemote('mf_remote/app')).rejects.toThrow('mf_remote');
    nextScript = () => {
      globals.mf_remote = container('back');
      return 'load';
    };
    await expect(host.loadRemote('mf_remote/app')).resolves.toEqual({ expose: './app', value: 'back' });
    expect(scripts).toHaveLength(3);
  });

  it('keeps the first registration unless forced; forced, it forgets the container and loads the new entry', async () => {
    const host = new FederationHost({ name: 'shell' });
    nextScript = (src) => {
      globals.mf_remote = container(src.includes('v2') ? 'v2' : 'v1');
      return 'load';
    };
    host.registerRemotes([{ name: 'mf_remote', entry: 'http://remote.test/v1/remoteEntry.js' }]);
    await expect(host.loadRemote('mf_remote/app')).resolves.toMatchObject({ value: 'v1' });
    host.registerRemotes([{ name: 'mf_remote', entry: 'http://remote.test/v2/remoteEntry.js' }]);
    await expect(host.loadRemote('mf_remote/app')).resolves.toMatchObject({ value: 'v1' });
    host.registerRemotes([{ name: 'mf_remote', entry: 'http://remote.test/v2/remoteEntry.js' }], { force: true });
    await expect(host.loadRemote('mf_remote/app')).resolves.toMatchObject({ value: 'v2' });
    expect(scripts).toEqual(['http://remote.test/v1/remoteEntry.js', 'http://remote.test/v2/remoteEntry.js']);
  });

  it('forgets, with a forced registration, the versions a remote offered that nobody loaded', () => {
    const host = new FederationHost({ name: 'shell', shared: { used: provide('1.0.0', 'h').args } });
    host.registerRemotes([{ name: 'mf_remote', entry: 'http://remote.test/remoteEntry.js' }]);
    const remote = remoteOf(host, 'mf_remote', { unused: provide('1.0.0', 'r').args, used: provide('1.1.0', 'r').args });
    host.shareScopeMap.default.used['1.1.0'].loaded = true;
    expect(remote.shareScopeMap.default.unused['1.0.0']).toBeDefined();
    host.registerRemotes([{ name: 'mf_remote', entry: 'http://remote.test/remoteEntry.js' }], { force: true });
    expect(host.shareScopeMap.default.unused).toEqual({});
    expect(host.shareScopeMap.default.used['1.1.0']).toBeDefined();
  });

  it('answers false for a package whose only versions were forgotten', async () => {
    const host = new FederationHost({ name: 'shell' });
    host.registerRemotes([{ name: 'mf_remote', entry: 'http://remote.test/remoteEntry.js' }]);
    remoteOf(host, 'mf_remote', { only: provide('1.0.0', 'r').args });
    host.registerRemotes([{ name: 'mf_remote', entry: 'http://remote.test/remoteEntry.js' }], { force: true });
    await expect(host.loadShare('only', consume({ singleton: true, requiredVersion: '^1.0.0' }))).resolves.toBe(false);
  });

  it('rejects a module id of no registered remote', async () => {
    const host = new FederationHost({ name: 'shell' });
    await expect(host.loadRemote('mf_other/app')).rejects.toThrow('mf_other/app');
  });
});

describe('an app built without remote loading (FEDERATION_LOADS_REMOTES false: every remote)', () => {
  const globals = globalThis as unknown as Record<string, unknown>;
  afterEach(() => {
    delete globals.FEDERATION_LOADS_REMOTES;
  });

  it('takes part in sharing but refuses to register or load remotes', async () => {
    globals.FEDERATION_LOADS_REMOTES = false;
    let runtime: typeof import('../build/runtime/federation-runtime') | undefined;
    jest.isolateModules(() => {
      runtime = jest.requireActual('../build/runtime/federation-runtime');
    });
    const remote = runtime!.init({ name: 'mf_remote', remotes: [], shared: { lib: provide('1.0.0', 'x').args } });
    // what a container's init does: options again, with no remotes
    expect(() => runtime!.init({ name: 'mf_remote', remotes: [] })).not.toThrow();
    const factory = await remote.loadShare('lib', consume({ singleton: true, requiredVersion: '^1.0.0' }));
    expect(factory && factory()).toBe('x');
    expect(() => remote.registerRemotes([{ name: 'mf_other', entry: 'http://other.test/remoteEntry.js' }])).toThrow('FEDERATION_LOADS_REMOTES');
    await expect(runtime!.loadRemote('mf_other/app')).rejects.toThrow('FEDERATION_LOADS_REMOTES');
  });
});
