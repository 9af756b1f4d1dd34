// The Module Federation runtime every app of the site is built with, in place of `@module-federation/runtime`
// (createAppConfig aliases that package here). The enhanced plugin still drives the build and writes
// mf-manifest.json; its bundler runtime (`@module-federation/webpack-bundler-runtime`, which glues webpack's
// generated code to the runtime) is kept as it is and calls this module. What the site needs of a runtime is small:
// shared singletons in one share scope, and the shell registering a remote's entry when one of its routes first
// opens and loading its exposed module (`shell/src/federation/discovery.ts`). The official runtime core does much more
// (snapshots, preloading, plugins and hooks, shared tree shaking, remotes known at build time) and is about 20 KB
// gzipped on every first load; this is 2.7 KB in the shell and 2.3 KB in a remote entry.
//
// Host and remotes meet through webpack's container protocol, unchanged: a remote entry's `init(shareScope,
// initScope, options)` and `get(expose)`, and share-scope entries with the fields the official runtime uses too
// (version, get, from, loaded, loading, lib, shareConfig, scope, useIn).
//
// Not supported (the build uses none of them; each needs the official runtime back, by removing the alias):
// runtime plugins (`runtimePlugins`), shared tree shaking (`treeShaking` in a shared entry), remotes declared at
// build time, share strategy 'version-first' loading every registered remote's entry before choosing a version
// (here a version someone already loads wins, else the highest).

type Factory = () => unknown;

interface ShareConfig {
  singleton?: boolean;
  requiredVersion?: string | false;
  strictVersion?: boolean;
  eager?: boolean;
  layer?: string | null;
}

/** A shared package's version as it sits in a share scope. */
export interface Shared {
  version: string;
  get: () => Factory | Promise<Factory>;
  from: string;
  scope: string[];
  shareConfig: ShareConfig;
  lib?: Factory | null;
  loaded?: boolean;
  loading?: Promise<Factory> | null;
  useIn: string[];
}

/** Share scope name -> package -> version -> Shared. */
export type ShareScopeMap = Record<string, Record<string, Record<string, Shared>>>;

export interface ShareArgs {
  version?: string;
  get?: Shared['get'];
  lib?: Factory;
  scope?: string | string[];
  shareConfig?: ShareConfig;
}

export interface Remote {
  name: string;
  entry: string;
  /** The global the remote entry defines (its container); the remote's name by default. */
  entryGlobalName?: string;
  shareScope?: string;
  version?: string;
}

export interface InitOptions {
  name: string;
  remotes?: Remote[];
  shared?: Record<string, ShareArgs | ShareArgs[]>;
  shareStrategy?: string;
  plugins?: { name: string }[];
  [option: string]: unknown;
}

interface Container {
  init(shareScope: ShareScopeMap[string], initScope: unknown[], options: object): unknown;
  get(expose: string): Factory | Promise<Factory>;
}

interface LoadShareOptions {
  customShareInfo?: ShareArgs;
}

// ---- versions (the range forms of npm's semver: ^ ~ x, comparators, a - b, ||) --------------------------------

interface Version {
  parts: number[];
  pre: string[];
}

function parseVersion(text: string): Version | null {
  const m = /^v?(\d+|[xX*])?(?:\.(\d+|[xX*]))?(?:\.(\d+|[xX*]))?(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z.-]+)?$/.exec(text.trim());
  if (!m) return null;
  const parts: number[] = [];
  for (const part of [m[1], m[2], m[3]]) {
    if (part === undefined || !/^\d+$/.test(part)) break;
    parts.push(Number(part));
  }
  return { parts, pre: m[4] ? m[4].split('.') : [] };
}

function compareVersions(a: Version, b: Version): number {
  for (let i = 0; i < 3; i++) {
    const d = (a.parts[i] ?? 0) - (b.parts[i] ?? 0);
    if (d) return d > 0 ? 1 : -1;
  }
  if (!a.pre.length || !b.pre.length) return Number(!a.pre.length) - Number(!b.pre.length);
  for (let i = 0; i < Math.max(a.pre.length, b.pre.length); i++) {
    const x = a.pre[i];
    const y = b.pre[i];
    if (x === y) continue;
    if (x === undefined || y === undefined) return x === undefined ? -1 : 1;
    const nx = /^\d+$/.test(x);
    const ny = /^\d+$/.test(y);
    if (nx && ny) return Number(x) < Number(y) ? -1 : 1;
    if (nx !== ny) return nx ? -1 : 1;
    return x < y ? -1 : 1;
  }
  return 0;
}

/** The lowest version above every version that starts with `v`'s first `index + 1` parts. */
function bump(v: Version, index: number): Version {
  const parts = [0, 0, 0].map((_, i) => (i < index ? (v.parts[i] ?? 0) : i === index ? (v.parts[i] ?? 0) + 1 : 0));
  return { parts, pre: [] };
}

function matchesComparator(v: Version, token: string): boolean {
  const [, op = '', rest] = /^(<=|>=|<|>|=|\^|~>?)?(.*)$/.exec(token) as RegExpExecArray;
  const r = parseVersion(rest);
  if (!r) return false;
  const n = r.parts.length;
  const cmp = compareVersions(v, r);
  const below = (upper: Version) => compareVersions(v, upper) < 0;
  switch (op) {
    case '>=':
      return cmp >= 0;
    case '<':
      return cmp < 0;
    case '>':
      return n < 3 ? !below(bump(r, n - 1)) : cmp > 0;
    case '<=':
      return n < 3 ? below(bump(r, n - 1)) : cmp <= 0;
    case '^': {
      if (!n) return true;
      const nonZero = r.parts.findIndex((p) => p !== 0);
      return cmp >= 0 && below(bump(r, nonZero >= 0 ? nonZero : n - 1));
    }
    case '~':
    case '~>':
      return !n || (cmp >= 0 && below(bump(r, n >= 2 ? 1 : 0)));
    default:
      return n === 3 ? cmp === 0 : !n || (cmp >= 0 && below(bump(r, n - 1)));
  }
}

/** Whether `version` is in `range` (npm semver). A prerelease matches only a comparator with a prerelease of its own x.y.z. */
export function satisfy(version: string, range: string): boolean {
  const v = parseVersion(version);
  if (!v || v.parts.length < 3) return false;
  return range.split('||').some((alternative) => {
    const text = alternative.trim().replace(/^(\S+)\s+-\s+(\S+)$/, '>=$1 <=$2').replace(/(<=|>=|<|>|=|\^|~>?)\s+/g, '$1');
    const tokens = text.split(/\s+/).filter((t) => t && t !== '*' && t.toLowerCase() !== 'x');
    if (!tokens.every((token) => matchesComparator(v, token))) return false;
    if (!v.pre.length) return true;
    return tokens.some((token) => {
      const r = parseVersion(token.replace(/^[<>=^~]+/, ''));
      return !!r && r.pre.length > 0 && r.parts.length === 3 && r.parts.every((p, i) => p === v.parts[i]);
    });
  });
}

const versionLt = (a: string, b: string): boolean => {
  const x = parseVersion(a);
  const y = parseVersion(b);
  return !!x && !!y && compareVersions(x, y) < 0;
};

// ---- shared modules ------------------------------------------------------------------------------------------

const inUse = (shared: Shared): boolean => Boolean(shared.loaded || shared.loading);

/** The version to use of a package: one that is loaded or loading (a singleton stays one copy), else the highest. */
function pickVersion(versions: Record<string, Shared>, keys: string[]): string | undefined {
  let best: string | undefined;
  for (const key of keys) {
    if (best === undefined || (inUse(versions[best]) !== inUse(versions[key]) ? inUse(versions[key]) : versionLt(best, key))) best = key;
  }
  return best;
}

function formatShare(args: ShareArgs, from: string): Shared {
  const lib = args.lib;
  return {
    version: args.version ?? '0',
    get: args.get ?? (() => lib as Factory),
    from,
    scope: Array.isArray(args.scope) ? args.scope : [args.scope ?? 'default'],
    shareConfig: { requiredVersion: `^${args.version}`, singleton: false, eager: false, strictVersion: false, ...args.shareConfig },
    lib,
    loaded: lib ? true : undefined,
    loading: null,
    useIn: [],
  };
}

/** `base` with the values of `extra` that are defined (shareConfig merged the same way). */
function withDefined<T extends object>(base: T, extra: object | undefined): T {
  const out = { ...base } as Record<string, unknown>;
  for (const [key, value] of Object.entries(extra ?? {})) {
    if (value === undefined) continue;
    out[key] = key === 'shareConfig' ? withDefined((out[key] as object) ?? {}, value as object) : value;
  }
  return out as unknown as T;
}

// ---- loading a remote entry --------------------------------------------------------------------------------

const ENTRY_TIMEOUT_MS = 20_000;

function loadScript(url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    const done = (error?: Error) => {
      clearTimeout(timer);
      script.onload = script.onerror = null;
      script.remove();
      if (error) reject(error);
      else resolve();
    };
    const timer = setTimeout(() => done(new Error(`远程入口加载超时：${url}`)), ENTRY_TIMEOUT_MS);
    script.onload = () => done();
    script.onerror = () => done(new Error(`远程入口加载失败：${url}`));
    script.src = url;
    document.head.appendChild(script);
  });
}

const globals = globalThis as unknown as Record<string, unknown>;

// Whether this app loads remotes (createAppConfig defines it: true in the shell only). Where it is false, the code
// that registers and loads remotes is left out of the build.
declare const FEDERATION_LOADS_REMOTES: boolean | undefined;
const LOADS_REMOTES = typeof FEDERATION_LOADS_REMOTES === 'boolean' ? FEDERATION_LOADS_REMOTES : true;
const NO_REMOTES = '[federation] 此应用不加载远程模块（构建时 FEDERATION_LOADS_REMOTES 为 false）';

// ---- the instance ------------------------------------------------------------------------------------------

/** One app's federation: its shared modules, the share scopes it takes part in, and (in the shell) its remotes. */
export class FederationHost {
  readonly name: string;
  options: { name: string; remotes: Remote[]; shared: Record<string, Shared[]>; shareStrategy: string; [option: string]: unknown };
  shareScopeMap: ShareScopeMap = {};
  private containers: Containers = new Map();

  constructor(options: InitOptions) {
    this.name = options.name;
    this.options = { name: options.name, remotes: [], shared: {}, shareStrategy: 'version-first' };
    this.initOptions(options);
  }

  initOptions(options: Partial<InitOptions>) {
    // The bundler runtime adds its own plugin for shared tree shaking, which does nothing without it.
    const plugin = (options.plugins ?? []).find((p) => p.name !== 'tree-shake-plugin');
    if (plugin) throw new Error(`[federation] 运行时插件不受支持：${plugin.name}`);
    const { remotes, shared, plugins: _plugins, name: _name, ...rest } = options;
    Object.assign(this.options, rest);
    if (shared) this.registerShared(shared);
    if (remotes?.length) this.registerRemotes(remotes);
    return this.options;
  }

  /** Adds provided versions (a version already known is kept). */
  registerShared(shared: Record<string, ShareArgs | ShareArgs[]>) {
    for (const [pkg, args] of Object.entries(shared)) {
      const list = (this.options.shared[pkg] ??= []);
      for (const one of Array.isArray(args) ? args : [args]) {
        const formatted = formatShare(one, this.name);
        if (!list.some((s) => s.version === formatted.version)) list.push(formatted);
      }
    }
  }

  /** Uses a share scope given by the host (a remote container's init). */
  initShareScopeMap(scopeName: string, shareScope: ShareScopeMap[string]) {
    this.shareScopeMap[scopeName] = shareScope;
  }

  /**
   * Puts this app's provided versions in a share scope. A version already there stays unless nobody loads it yet
   * and the newcomer is eager where it is not (or, both alike, comes from a greater name: webpack's rule).
   */
  initializeSharing(scopeName = 'default'): Promise<unknown>[] {
    const scope = (this.shareScopeMap[scopeName] ??= {});
    for (const [pkg, list] of Object.entries(this.options.shared)) {
      for (const shared of list) {
        if (!shared.scope.includes(scopeName)) continue;
        const versions = (scope[pkg] ??= {});
        const existing = versions[shared.version];
        const eager = !!shared.shareConfig.eager;
        if (existing === shared) continue;
        if (!existing || (!inUse(existing) && (eager !== !!existing.shareConfig?.eager ? eager : this.name > existing.from))) {
          versions[shared.version] = shared;
        }
      }
    }
    return [];
  }

  /** What this app asks of a package: its own provided version (loaded, else the highest) with `custom` over it. */
  private shareInfo(pkg: string, custom?: ShareArgs): Shared | undefined {
    const own = this.options.shared[pkg] ?? [];
    const key = pickVersion(Object.fromEntries(own.map((s) => [s.version, s])), own.map((s) => s.version));
    const base = own.find((s) => s.version === key);
    if (!custom) return base;
    const info = withDefined(base ?? formatShare({ version: '0', get: () => Promise.reject(new Error(`[federation] 缺少共享模块 ${pkg}`)) }, this.name), custom);
    info.scope = Array.isArray(info.scope) ? info.scope : [info.scope ?? 'default'];
    return info;
  }

  /** The version of `pkg` in the share scopes that `info` accepts; undefined when none does. */
  private resolve(pkg: string, info: Shared): Shared | undefined {
    const { singleton, requiredVersion, strictVersion } = info.shareConfig;
    for (const scopeName of info.scope) {
      const versions = this.shareScopeMap[scopeName]?.[pkg];
      const keys = Object.keys(versions ?? {});
      if (!versions || !keys.length) continue;
      if (singleton) {
        const version = pickVersion(versions, keys) as string;
        if (typeof requiredVersion === 'string' && !satisfy(version, requiredVersion)) {
          const message = `[federation] 共享单例 ${pkg} 的版本 ${version}（来自 ${versions[version].from}）不满足 ${this.name} 要求的 ${requiredVersion}`;
          if (strictVersion) throw new Error(message);
          console.warn(message);
        }
        return versions[version];
      }
      const accepted = keys.filter((k) => typeof requiredVersion !== 'string' || requiredVersion === '*' || satisfy(k, requiredVersion));
      const version = pickVersion(versions, accepted);
      if (version !== undefined) return versions[version];
    }
    return undefined;
  }

  private use(shared: Shared): Promise<Factory> {
    if (!shared.useIn.includes(this.name)) shared.useIn.push(this.name);
    if (shared.lib) return Promise.resolve(shared.lib);
    shared.loading ??= Promise.resolve(shared.get()).then(
      (factory) => {
        shared.lib = factory;
        shared.loaded = true;
        return factory;
      },
      (error: unknown) => {
        shared.loading = null;
        throw error;
      },
    );
    return shared.loading;
  }

  /** A shared package's factory from the share scope; false when the scope has no acceptable version (use your own). */
  async loadShare(pkg: string, options?: LoadShareOptions): Promise<Factory | false> {
    const info = this.shareInfo(pkg, options?.customShareInfo);
    if (!info) throw new Error(`[federation] ${this.name} 没有共享模块 ${pkg}`);
    for (const scopeName of info.scope) this.initializeSharing(scopeName);
    const shared = this.resolve(pkg, info);
    if (shared) return this.use(shared);
    if (options?.customShareInfo) return false;
    return this.use(info);
  }

  /** The same, for a module needed synchronously (eager sharing): the chosen version must be loaded or synchronous. */
  loadShareSync(pkg: string, options?: LoadShareOptions): Factory {
    const info = this.shareInfo(pkg, options?.customShareInfo);
    if (!info) throw new Error(`[federation] ${this.name} 没有共享模块 ${pkg}`);
    for (const scopeName of info.scope) this.initializeSharing(scopeName);
    const shared = this.resolve(pkg, info) ?? info;
    if (!shared.lib) {
      const factory = shared.get();
      if (typeof factory !== 'function') throw new Error(`[federation] 共享模块 ${pkg} 不能同步加载（需要 eager 或异步边界）`);
      shared.lib = factory;
      shared.loaded = true;
    }
    if (!shared.useIn.includes(this.name)) shared.useIn.push(this.name);
    return shared.lib;
  }

  /** Registers remotes by name; `force` replaces one registered before and forgets its loaded (or failed) container. */
  registerRemotes(remotes: Remote[], options?: { force?: boolean }) {
    if (!LOADS_REMOTES) throw new Error(NO_REMOTES);
    registerRemotesOf(this, this.containers, remotes, options);
  }

  /** Loads `<remote name>/<exposed name>` (e.g. `mf_articles/app`) and returns the module. */
  loadRemote<T>(id: string): Promise<T> {
    if (!LOADS_REMOTES) return Promise.reject(new Error(NO_REMOTES));
    return loadRemoteOf<T>(this, this.containers, id);
  }
}

// ---- remotes (only an app that loads remotes, the shell, is built with this code) ---------------------------

type Containers = Map<string, Promise<Container>>;

function registerRemotesOf(host: FederationHost, containers: Containers, remotes: Remote[], options?: { force?: boolean }) {
  const registered = host.options.remotes;
  for (const remote of remotes) {
    const index = registered.findIndex((r) => r.name === remote.name);
    if (index >= 0) {
      if (!options?.force) continue;
      forget(host, containers, registered[index]);
      registered.splice(index, 1);
    }
    registered.push({ shareScope: 'default', entryGlobalName: remote.name, ...remote });
  }
}

function forget(host: FederationHost, containers: Containers, remote: Remote) {
  containers.delete(remote.name);
  const key = remote.entryGlobalName ?? remote.name;
  // a remote entry is a classic script's `var`: a global that cannot be deleted, only emptied
  if (!Reflect.deleteProperty(globals, key)) globals[key] = undefined;
  // versions it offered that nobody loads: their factories belong to the container forgotten
  for (const scope of Object.values(host.shareScopeMap)) {
    for (const versions of Object.values(scope)) {
      for (const [version, shared] of Object.entries(versions)) if (shared.from === remote.name && !inUse(shared)) delete versions[version];
    }
  }
}

function containerOf(host: FederationHost, containers: Containers, remote: Remote): Promise<Container> {
  let container = containers.get(remote.name);
  if (!container) {
    container = (async () => {
      const key = remote.entryGlobalName ?? remote.name;
      if (!globals[key]) await loadScript(remote.entry);
      const entry = globals[key] as Container | undefined;
      if (typeof entry?.init !== 'function') throw new Error(`[federation] ${remote.entry} 没有定义远程容器 ${key}`);
      const scopeName = remote.shareScope ?? 'default';
      host.initializeSharing(scopeName);
      const initOptions = { version: remote.version ?? '', shareScopeKeys: scopeName };
      Object.defineProperty(initOptions, 'shareScopeMap', { value: host.shareScopeMap, enumerable: false });
      await entry.init(host.shareScopeMap[scopeName], [], initOptions);
      return entry;
    })();
    const pending = container;
    // a failure is not kept: the next load tries again
    pending.catch(() => containers.get(remote.name) === pending && containers.delete(remote.name));
    containers.set(remote.name, pending);
  }
  return container;
}

async function loadRemoteOf<T>(host: FederationHost, containers: Containers, id: string): Promise<T> {
  const remote = host.options.remotes
    .filter((r) => id === r.name || id.startsWith(`${r.name}/`))
    .sort((a, b) => b.name.length - a.name.length)[0];
  if (!remote) throw new Error(`[federation] 未注册的远程模块：${id}`);
  const container = await containerOf(host, containers, remote);
  const factory = await container.get(`.${id.slice(remote.name.length)}`);
  return (await factory()) as T;
}

// ---- the module API (what `@module-federation/runtime` exports and the site uses) -------------------------------

let instance: FederationHost | null = null;

/** Creates this app's instance, or updates it (a remote container's init). */
export function init(options: InitOptions): FederationHost {
  if (instance) instance.initOptions(options);
  else instance = new FederationHost(options);
  return instance;
}

function current(): FederationHost {
  if (!instance) throw new Error('[federation] 运行时尚未初始化');
  return instance;
}

export function getInstance(): FederationHost | null {
  return instance;
}

export function registerRemotes(remotes: Remote[], options?: { force?: boolean }): void {
  current().registerRemotes(remotes, options);
}

export function loadRemote<T>(id: string): Promise<T> {
  return current().loadRemote<T>(id);
}

/** Shared tree shaking's fallback entries are not supported here (see the top of this file). */
export function getRemoteEntry(): Promise<never> {
  return Promise.reject(new Error('[federation] 不支持共享模块的摇树回退入口'));
}
