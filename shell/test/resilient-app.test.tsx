import { findByRole, fireEvent, getByRole, queryByRole, waitFor } from '@testing-library/dom';
import { createRemoteApp, type RemoteAppInfo, type RemoteLifecycles, type RemoteMountProps, type RemoteName } from 'shared-kernel';
import { resilientApp, type AppLoader } from '../src/routing/resilient-app';

// The shell drives these lifecycles the way single-spa does: plain awaits, no act().

const REMOTE = 'mf-pay' as const;

function Page({ remote, version }: RemoteAppInfo) {
  return (
    <h1>
      支付页面 {remote} {version}
    </h1>
  );
}

function Broken(): never {
  throw new Error('远程模块渲染出错');
}

interface Frame {
  navbar: HTMLElement;
  main: HTMLElement;
  slot: HTMLElement;
  otherSlot: HTMLElement;
  props: RemoteMountProps;
  /** Everything outside the slot (and outside its fallback), to prove it is not touched. */
  outside: () => string;
}

function buildFrame(): Frame {
  document.body.innerHTML = `
    <nav id="navbar"><a href="/">知库文档</a></nav>
    <main id="app-slot">
      <div id="slot-mf-auth"><p>登录模块内容</p></div>
      <div id="slot-mf-pay"></div>
      <div id="slot-mf-articles"><p>文章模块内容</p></div>
    </main>
    <footer id="footer">页脚</footer>`;
  const slot = document.getElementById('slot-mf-pay')!;
  return {
    navbar: document.getElementById('navbar')!,
    main: document.getElementById('app-slot')!,
    slot,
    otherSlot: document.getElementById('slot-mf-auth')!,
    props: { name: REMOTE, domElementGetter: () => slot },
    outside: () =>
      [
        document.getElementById('navbar')!.outerHTML,
        document.getElementById('slot-mf-auth')!.outerHTML,
        document.getElementById('slot-mf-articles')!.outerHTML,
        document.getElementById('footer')!.outerHTML,
      ].join('\n'),
  };
}

/** Real kernel lifecycles, with spies on them. */
function realApp(component: (info: RemoteAppInfo) => React.ReactNode = Page): RemoteLifecycles {
  const app = createRemoteApp({ remote: REMOTE, version: '2.0.0' }, component);
  jest.spyOn(app, 'bootstrap');
  jest.spyOn(app, 'mount');
  jest.spyOn(app, 'unmount');
  return app;
}

/** Waits until the real app's latest mount() has settled (the DOM shows the page a little before that). */
async function mountSettled(app: RemoteLifecycles): Promise<void> {
  const mount = app.mount as jest.Mock<Promise<void>>;
  await waitFor(() => expect(mount).toHaveBeenCalled());
  await mount.mock.results[mount.mock.results.length - 1].value;
}

function fakeLoader(...results: Array<RemoteLifecycles | Error>): jest.Mocked<Required<AppLoader>> {
  const load = jest.fn<Promise<RemoteLifecycles>, [RemoteName]>();
  for (const r of results) {
    if (r instanceof Error) load.mockRejectedValueOnce(r);
    else load.mockResolvedValueOnce(r);
  }
  return { load, reset: jest.fn() } as jest.Mocked<Required<AppLoader>>;
}

let consoleError: jest.SpyInstance;
beforeEach(() => {
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  jest.restoreAllMocks();
  document.body.innerHTML = '';
});

describe('resilientApp', () => {
  it('mounts the real lifecycles when the loader succeeds', async () => {
    const frame = buildFrame();
    const outsideBefore = frame.outside();
    const real = realApp();
    const loader = fakeLoader(real);
    const app = resilientApp(REMOTE, loader);

    await app.bootstrap();
    await app.mount(frame.props);

    expect(loader.load).toHaveBeenCalledTimes(1);
    expect(loader.load).toHaveBeenCalledWith(REMOTE);
    expect(real.bootstrap).toHaveBeenCalledTimes(1);
    expect(real.mount).toHaveBeenCalledWith(expect.objectContaining(frame.props));
    expect(frame.slot.querySelector('h1')?.textContent).toBe('支付页面 mf-pay 2.0.0');
    expect(frame.slot.dataset.remote).toBe(REMOTE);
    expect(queryByRole(document.body, 'alert')).toBeNull();
    expect(frame.outside()).toBe(outsideBefore);
    expect(consoleError).not.toHaveBeenCalled();

    await app.unmount(frame.props);
    expect(real.unmount).toHaveBeenCalledTimes(1);
    expect(frame.slot.innerHTML).toBe('');
    expect(frame.slot.hasAttribute('data-remote')).toBe(false);
  });

  it('loads and bootstraps a remote once, and mounts it again on the next activation', async () => {
    const frame = buildFrame();
    const real = realApp();
    const loader = fakeLoader(real);
    const app = resilientApp(REMOTE, loader);

    await app.mount(frame.props);
    await app.unmount(frame.props);
    await app.mount(frame.props);

    expect(loader.load).toHaveBeenCalledTimes(1);
    expect(real.bootstrap).toHaveBeenCalledTimes(1);
    expect(real.mount).toHaveBeenCalledTimes(2);
    expect(frame.slot.querySelector('h1')).not.toBeNull();
    await app.unmount(frame.props);
  });

  it('shows the Chinese fallback with a retry button when the loader rejects', async () => {
    const frame = buildFrame();
    const outsideBefore = frame.outside();
    const app = resilientApp(REMOTE, fakeLoader(new Error('remoteEntry.js 404')));

    await expect(app.mount(frame.props)).resolves.toBeUndefined();

    const alert = await findByRole(document.body, 'alert');
    expect(alert.textContent).toContain('页面加载失败');
    expect(alert.getAttribute('data-fallback')).toBe(REMOTE);
    expect(getByRole(alert, 'button', { name: '重试' })).toBeTruthy();
    // In the remote's own place in the main area: right after its slot, nowhere else.
    expect(frame.slot.nextElementSibling?.contains(alert)).toBe(true);
    expect(frame.slot.innerHTML).toBe('');
    // The navbar and the other remotes are untouched.
    expect(frame.outside()).toBe(outsideBefore);
    expect(consoleError).toHaveBeenCalledWith(`[shell] 模块 ${REMOTE} 加载失败`, expect.any(Error));
    await app.unmount(frame.props);
  });

  it('retry resets the loader, loads again and mounts the real app in place of the fallback', async () => {
    const frame = buildFrame();
    const outsideBefore = frame.outside();
    const real = realApp();
    const loader = fakeLoader(new Error('网络错误'), real);
    const app = resilientApp(REMOTE, loader);

    await app.mount(frame.props);
    const alert = await findByRole(document.body, 'alert');
    expect(loader.load).toHaveBeenCalledTimes(1);
    expect(loader.reset).not.toHaveBeenCalled();

    fireEvent.click(getByRole(alert, 'button', { name: '重试' }));

    await mountSettled(real);
    expect(frame.slot.querySelector('h1')?.textContent).toBe('支付页面 mf-pay 2.0.0');
    expect(loader.reset).toHaveBeenCalledTimes(1);
    expect(loader.reset).toHaveBeenCalledWith(REMOTE);
    expect(loader.load).toHaveBeenCalledTimes(2);
    expect(loader.reset.mock.invocationCallOrder[0]).toBeLessThan(loader.load.mock.invocationCallOrder[1]);
    expect(queryByRole(document.body, 'alert')).toBeNull();
    expect(frame.main.children).toHaveLength(3);
    expect(frame.outside()).toBe(outsideBefore);

    await app.unmount(frame.props);
    expect(real.unmount).toHaveBeenCalledTimes(1);
    expect(frame.slot.innerHTML).toBe('');
  });

  it('shows the fallback again when the retry fails too', async () => {
    const frame = buildFrame();
    const loader = fakeLoader(new Error('第一次失败'), new Error('第二次失败'));
    const app = resilientApp(REMOTE, loader);

    await app.mount(frame.props);
    fireEvent.click(getByRole(await findByRole(document.body, 'alert'), 'button', { name: '重试' }));

    await waitFor(() => expect(loader.load).toHaveBeenCalledTimes(2));
    const alert = await findByRole(document.body, 'alert');
    expect(getByRole(alert, 'button', { name: '重试' })).toBeTruthy();
    expect(document.querySelectorAll('[role="alert"]')).toHaveLength(1);
    await app.unmount(frame.props);
    expect(queryByRole(document.body, 'alert')).toBeNull();
  });

  it('shows the fallback when the real app throws while mounting, and leaves the slot clean', async () => {
    const frame = buildFrame();
    const outsideBefore = frame.outside();
    const real = realApp(Broken);
    const app = resilientApp(REMOTE, fakeLoader(real));

    await app.mount(frame.props);

    const alert = await findByRole(document.body, 'alert');
    expect(alert.textContent).toContain('页面加载失败');
    expect(real.mount).toHaveBeenCalledTimes(1);
    expect(real.unmount).toHaveBeenCalledTimes(1);
    expect(frame.slot.innerHTML).toBe('');
    expect(frame.slot.hasAttribute('data-remote')).toBe(false);
    expect(frame.outside()).toBe(outsideBefore);

    await app.unmount(frame.props);
    // The broken app was already unmounted; single-spa's unmount does not unmount it a second time.
    expect(real.unmount).toHaveBeenCalledTimes(1);
  });

  it('shows the fallback when the real app fails to bootstrap', async () => {
    const frame = buildFrame();
    const real = realApp();
    (real.bootstrap as jest.Mock).mockRejectedValueOnce(new Error('bootstrap 失败'));
    const app = resilientApp(REMOTE, fakeLoader(real));

    await app.mount(frame.props);

    expect(await findByRole(document.body, 'alert')).toBeTruthy();
    expect(real.mount).not.toHaveBeenCalled();
    await app.unmount(frame.props);
  });

  it('a broken app gets a fresh load on retry and then mounts', async () => {
    const frame = buildFrame();
    const broken = realApp(Broken);
    const fixed = realApp();
    const loader = fakeLoader(broken, fixed);
    const app = resilientApp(REMOTE, loader);

    await app.mount(frame.props);
    fireEvent.click(getByRole(await findByRole(document.body, 'alert'), 'button', { name: '重试' }));

    await mountSettled(fixed);
    expect(frame.slot.querySelector('h1')).not.toBeNull();
    expect(loader.reset).toHaveBeenCalledWith(REMOTE);
    expect(loader.load).toHaveBeenCalledTimes(2);
    expect(fixed.mount).toHaveBeenCalledTimes(1);
    expect(queryByRole(document.body, 'alert')).toBeNull();
    await app.unmount(frame.props);
    expect(fixed.unmount).toHaveBeenCalledTimes(1);
    expect(frame.slot.innerHTML).toBe('');
  });

  it('unmount while the fallback is shown removes it and restores the frame', async () => {
    const frame = buildFrame();
    const before = document.body.innerHTML;
    const app = resilientApp(REMOTE, fakeLoader(new Error('失败')));

    await app.mount(frame.props);
    await findByRole(document.body, 'alert');
    expect(frame.main.children).toHaveLength(4);

    await app.unmount(frame.props);

    expect(queryByRole(document.body, 'alert')).toBeNull();
    expect(document.body.textContent).not.toContain('页面加载失败');
    expect(frame.main.children).toHaveLength(3);
    expect(document.body.innerHTML).toBe(before);
  });

  it('works without a reset function on the loader', async () => {
    const frame = buildFrame();
    const real = realApp();
    const load = jest.fn<Promise<RemoteLifecycles>, [RemoteName]>();
    load.mockRejectedValueOnce(new Error('失败')).mockResolvedValueOnce(real);
    const app = resilientApp(REMOTE, { load });

    await app.mount(frame.props);
    fireEvent.click(getByRole(await findByRole(document.body, 'alert'), 'button', { name: '重试' }));

    await mountSettled(real);
    expect(frame.slot.querySelector('h1')).not.toBeNull();
    expect(load).toHaveBeenCalledTimes(2);
    await app.unmount(frame.props);
    expect(frame.slot.innerHTML).toBe('');
  });
});
