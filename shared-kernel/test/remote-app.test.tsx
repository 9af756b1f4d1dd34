import { act, render, screen, waitFor } from '@testing-library/react';
import { lazy, Suspense, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { BehaviorSubject } from 'rxjs';
import {
  createRemoteApp,
  isDeploymentManifest,
  KERNEL_INSTANCE_ID,
  navigate,
  PageHydrated,
  ssrDataElementId,
  useObservable,
  type RemoteAppInfo,
  type RemoteMountProps,
} from '../src';

function makeHost(): { host: HTMLElement; props: RemoteMountProps } {
  const host = document.createElement('div');
  document.body.appendChild(host);
  return { host, props: { name: 'mf-pay', domElementGetter: () => host } };
}

/**
 * Importing @testing-library/react marks this file as a React act() environment. The kernel's lifecycles are driven
 * the way single-spa drives them (mount() settles after the first commit, no act()), so that flag is turned off
 * around those tests to keep React from warning about updates outside act().
 */
const actGlobal = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
function withoutActEnvironment(): void {
  let previous: boolean | undefined;
  beforeEach(() => {
    previous = actGlobal.IS_REACT_ACT_ENVIRONMENT;
    actGlobal.IS_REACT_ACT_ENVIRONMENT = false;
  });
  afterEach(() => {
    actGlobal.IS_REACT_ACT_ENVIRONMENT = previous;
  });
}

afterEach(() => {
  document.body.innerHTML = '';
  jest.restoreAllMocks();
});

describe('createRemoteApp', () => {
  withoutActEnvironment();
  const info: RemoteAppInfo = { remote: 'mf-pay', version: '3.1.4' };

  function Page({ remote, version }: RemoteAppInfo) {
    return (
      <h1>
        页面 {remote}@{version}
      </h1>
    );
  }

  it('mounts into the element from domElementGetter and tags it with the remote and version', async () => {
    const app = createRemoteApp(info, Page);
    const { host, props } = makeHost();
    const getter = jest.spyOn(props, 'domElementGetter');
    await app.bootstrap(props);
    await app.mount(props);
    expect(getter).toHaveBeenCalled();
    expect(host.querySelector('h1')?.textContent).toBe('页面 mf-pay@3.1.4');
    expect(host.dataset.remote).toBe('mf-pay');
    expect(host.dataset.remoteVersion).toBe('3.1.4');
    expect(host.getAttribute('data-remote-version')).toBe('3.1.4');
    expect(host.dataset.kernelInstance).toBe(KERNEL_INSTANCE_ID);
    // rendered here, the page acts from its first commit
    expect(host.dataset.pageReady).toBe('true');
  });

  it('unmount empties the element and removes its data attributes', async () => {
    const app = createRemoteApp(info, Page);
    const { host, props } = makeHost();
    await app.mount(props);
    expect(host.innerHTML).not.toBe('');
    await app.unmount(props);
    expect(host.innerHTML).toBe('');
    expect(host.hasAttribute('data-remote')).toBe(false);
    expect(host.hasAttribute('data-remote-version')).toBe(false);
    expect(host.hasAttribute('data-kernel-instance')).toBe(false);
    expect(host.hasAttribute('data-page-ready')).toBe(false);
  });

  it('server HTML: the slot is marked ready only once the page boundary has hydrated, not at the first commit', async () => {
    const { host, props } = makeHost();
    const content = () => <h1>服务器的页面</h1>;
    // the HTML and data the remote's server sent for this address
    host.innerHTML = renderToString(
      <Suspense fallback={<p>加载中</p>}>
        {content()}
        <PageHydrated />
      </Suspense>,
    );
    host.dataset.ssrPath = location.pathname + location.search;
    const data = document.createElement('script');
    data.type = 'application/json';
    data.id = ssrDataElementId('mf-pay');
    data.textContent = JSON.stringify({ data: {} });
    document.body.appendChild(data);
    // the page's code still on its way
    let arrive: (page: { default: ComponentType }) => void = () => undefined;
    const LazyPage = lazy(() => new Promise<{ default: ComponentType }>((resolve) => (arrive = resolve)));
    const app = createRemoteApp(info, () => (
      <Suspense fallback={<p>加载中</p>}>
        <LazyPage />
        <PageHydrated />
      </Suspense>
    ));
    await app.mount(props);
    expect(host.querySelector('h1')?.textContent).toBe('服务器的页面');
    expect(host.dataset.remote).toBe('mf-pay');
    expect(host.hasAttribute('data-page-ready')).toBe(false);
    arrive({ default: content });
    await waitFor(() => expect(host.dataset.pageReady).toBe('true'));
    expect(host.querySelector('h1')?.textContent).toBe('服务器的页面');
    await app.unmount(props);
    expect(host.hasAttribute('data-page-ready')).toBe(false);
  });

  it('can mount again after unmount', async () => {
    const app = createRemoteApp(info, Page);
    const { host, props } = makeHost();
    await app.mount(props);
    await app.unmount(props);
    await app.mount(props);
    expect(host.querySelector('h1')).not.toBeNull();
    expect(host.dataset.remote).toBe('mf-pay');
    await app.unmount(props);
    expect(host.innerHTML).toBe('');
  });

  it('mount rejects when the component throws during render', async () => {
    const boom = new Error('渲染失败');
    function Broken(): never {
      throw boom;
    }
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const app = createRemoteApp(info, Broken);
    const { host, props } = makeHost();
    await expect(app.mount(props)).rejects.toBe(boom);
    await app.unmount(props);
    expect(host.innerHTML).toBe('');
    expect(host.hasAttribute('data-remote')).toBe(false);
  });

  it('mount resolves only once the first render is in the DOM', async () => {
    function Page2() {
      return <p>内容</p>;
    }
    const app = createRemoteApp(info, Page2);
    const { host, props } = makeHost();
    const seenAtResolve = await app.mount(props).then(() => host.textContent);
    expect(seenAtResolve).toBe('内容');
  });
});

describe('useObservable', () => {
  it('renders the current value and re-renders on changes only', () => {
    const subject = new BehaviorSubject('甲');
    let renders = 0;
    function View() {
      renders += 1;
      return <span data-testid="value">{useObservable(subject)}</span>;
    }
    render(<View />);
    expect(screen.getByTestId('value').textContent).toBe('甲');
    const afterFirst = renders;

    act(() => subject.next('乙'));
    expect(screen.getByTestId('value').textContent).toBe('乙');
    expect(renders).toBe(afterFirst + 1);

    // Same value again: no re-render.
    act(() => subject.next('乙'));
    expect(renders).toBe(afterFirst + 1);

    // An unrelated subject changing does not re-render either.
    const other = new BehaviorSubject(0);
    act(() => other.next(1));
    expect(renders).toBe(afterFirst + 1);
  });

  it('unsubscribes on unmount', () => {
    const subject = new BehaviorSubject(1);
    function View() {
      return <span>{useObservable(subject)}</span>;
    }
    const { unmount } = render(<View />);
    expect(subject.observed).toBe(true);
    unmount();
    expect(subject.observed).toBe(false);
  });
});

describe('isDeploymentManifest', () => {
  const valid = {
    remotes: {
      'mf-auth': { manifest: 'http://127.0.0.1:3101/mf-manifest.json', version: '1.0.0' },
      'mf-pay': { manifest: '/pay/mf-manifest.json', version: '2.0.0' },
    },
  };

  it('accepts a valid manifest', () => {
    expect(isDeploymentManifest(valid)).toBe(true);
    expect(isDeploymentManifest(JSON.parse(JSON.stringify(valid)))).toBe(true);
  });

  it.each<[string, unknown]>([
    ['null', null],
    ['undefined', undefined],
    ['a string', 'remotes'],
    ['a number', 42],
    ['no remotes', {}],
    ['remotes null', { remotes: null }],
    ['remotes a string', { remotes: 'mf-auth' }],
    ['an entry that is null', { remotes: { 'mf-auth': null } }],
    ['an entry that is a string', { remotes: { 'mf-auth': 'http://x/mf-manifest.json' } }],
    ['an entry without manifest', { remotes: { 'mf-auth': { version: '1.0.0' } } }],
    ['a manifest that is not a string', { remotes: { 'mf-auth': { manifest: 1, version: '1.0.0' } } }],
    ['one bad entry among good ones', { remotes: { ...valid.remotes, 'mf-activity': { manifest: null } } }],
  ])('rejects %s', (_label, value) => {
    expect(isDeploymentManifest(value)).toBe(false);
  });
});

describe('navigate', () => {
  it('pushes a history entry', () => {
    window.history.replaceState(null, '', '/start');
    const before = window.history.length;
    navigate('/app/articles/cate/list?x=1');
    expect(window.location.pathname).toBe('/app/articles/cate/list');
    expect(window.location.search).toBe('?x=1');
    expect(window.history.length).toBe(before + 1);
  });

  it('replaces the current entry with replace: true', () => {
    window.history.replaceState(null, '', '/start');
    const before = window.history.length;
    navigate('/app/user/login/code', { replace: true });
    expect(window.location.pathname).toBe('/app/user/login/code');
    expect(window.history.length).toBe(before);
  });

  it('goes through history.pushState / replaceState (which single-spa patches)', () => {
    const push = jest.spyOn(window.history, 'pushState');
    const replace = jest.spyOn(window.history, 'replaceState');
    navigate('/a');
    navigate('/b', { replace: true });
    expect(push).toHaveBeenCalledWith(null, '', '/a');
    expect(replace).toHaveBeenCalledWith(null, '', '/b');
  });
});

describe('KERNEL_INSTANCE_ID', () => {
  it('is a non-empty string', () => {
    expect(typeof KERNEL_INSTANCE_ID).toBe('string');
    expect(KERNEL_INSTANCE_ID.length).toBeGreaterThan(0);
  });
});
