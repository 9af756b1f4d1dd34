import { clearToasts, ERROR_DEDUPE_MS, SNACKBAR_DURATION_MS, snackbar, toast, TOAST_DURATION_MS, toastError, toastSuccess } from '../src';

type Kernel = typeof import('../src');

afterEach(() => {
  clearToasts();
  jest.useRealTimers();
  jest.restoreAllMocks();
});

const items = () => [...document.querySelectorAll<HTMLElement>('.kt-item')];
const texts = () => items().map((el) => el.querySelector('.kt-body')!.textContent);

describe('toasts (SPEC §8, §9)', () => {
  it('auto-close after 5000 ms', async () => {
    jest.useFakeTimers();
    expect(TOAST_DURATION_MS).toBe(5000);
    await toast('已保存').shown;
    expect(texts()).toEqual(['已保存']);
    jest.advanceTimersByTime(4999);
    expect(texts()).toEqual(['已保存']);
    jest.advanceTimersByTime(1);
    expect(texts()).toEqual([]);
  });

  it('live in a top-centre host created on first use, with live regions', async () => {
    await toast('提示').shown;
    await toastError('出错了')!.shown;
    const host = document.querySelector<HTMLElement>('section.kt-host')!;
    expect(host.getAttribute('aria-label')).toBe('通知');
    expect(document.querySelectorAll('section.kt-host')).toHaveLength(1);
    const polite = host.querySelector('[aria-live="polite"]')!;
    const assertive = host.querySelector('[aria-live="assertive"]')!;
    expect(polite.getAttribute('role')).toBe('status');
    expect(assertive.getAttribute('role')).toBe('alert');
    expect(polite.textContent).toContain('提示');
    expect(assertive.textContent).toContain('出错了');
    const css = document.getElementById('kernel-toast-style')!.textContent!;
    expect(css).toMatch(/\.kt-host\{position:fixed;top:12px;left:50%;transform:translateX\(-50%\)/);
    expect(css).toContain('max-width:min(560px,calc(100vw - 24px))');
    for (const variable of ['--primary', '--card', '--fg', '--line']) expect(css).toContain(`var(${variable},`);
  });

  it('recreates the host if the page removed it', async () => {
    await toast('一').shown;
    document.querySelector('section.kt-host')!.remove();
    await toast('二').shown;
    expect(texts()).toEqual(['二']);
  });

  it('close on the close button, calling onClose once', async () => {
    const onClose = jest.fn();
    await toastSuccess('成功', { onClose }).shown;
    expect(items()[0].dataset.toastType).toBe('success');
    const close = items()[0].querySelector<HTMLButtonElement>('.kt-close')!;
    expect(close.getAttribute('aria-label')).toBe('关闭');
    close.click();
    close.click();
    expect(texts()).toEqual([]);
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onClose).toHaveBeenCalledWith('dismissed');
  });

  it('stay while the pointer or focus is on them, and close after the time left', async () => {
    jest.useFakeTimers();
    await toast('慢慢读').shown;
    jest.advanceTimersByTime(3000);
    items()[0].dispatchEvent(new MouseEvent('mouseenter'));
    jest.advanceTimersByTime(10_000);
    expect(texts()).toEqual(['慢慢读']);
    items()[0].dispatchEvent(new MouseEvent('mouseleave'));
    jest.advanceTimersByTime(1999);
    expect(texts()).toEqual(['慢慢读']);
    items()[0].dispatchEvent(new FocusEvent('focusin'));
    jest.advanceTimersByTime(5000);
    items()[0].dispatchEvent(new FocusEvent('focusout'));
    jest.advanceTimersByTime(1);
    expect(texts()).toEqual([]);
  });

  it('with duration 0 stay until closed', async () => {
    jest.useFakeTimers();
    const handle = toast('常驻', { duration: 0 });
    await handle.shown;
    items()[0].dispatchEvent(new MouseEvent('mouseenter'));
    items()[0].dispatchEvent(new MouseEvent('mouseleave'));
    jest.advanceTimersByTime(60_000);
    expect(texts()).toEqual(['常驻']);
    handle.close();
    expect(texts()).toEqual([]);
  });
});

describe('error toasts', () => {
  it('show the same message once within 3000 ms', () => {
    jest.useFakeTimers();
    expect(ERROR_DEDUPE_MS).toBe(3000);
    expect(toastError('网络错误')).not.toBeNull();
    jest.advanceTimersByTime(2999);
    expect(toastError('网络错误')).toBeNull();
    expect(toastError('另一个错误')).not.toBeNull();
    jest.advanceTimersByTime(1);
    expect(toastError('网络错误')).not.toBeNull();
    expect(texts()).toEqual(['网络错误', '另一个错误', '网络错误']);
    expect(items().every((el) => el.dataset.toastType === 'error')).toBe(true);
  });
});

describe('snackbars', () => {
  it('carry an action and time out after 5000 ms by default', async () => {
    jest.useFakeTimers();
    expect(SNACKBAR_DURATION_MS).toBe(5000);
    const onClick = jest.fn();
    const onClose = jest.fn();
    await snackbar('已删除', { action: { label: '撤销', onClick }, onClose }).shown;
    expect(items()[0].querySelector('.kt-action')!.textContent).toBe('撤销');
    jest.advanceTimersByTime(4999);
    expect(texts()).toEqual(['已删除']);
    jest.advanceTimersByTime(1);
    expect(texts()).toEqual([]);
    expect(onClose).toHaveBeenCalledWith('timeout');
    expect(onClick).not.toHaveBeenCalled();
  });

  it('close and run the action when it is clicked', async () => {
    const order: string[] = [];
    await snackbar('请求失败，请重试', {
      action: { label: '重试', onClick: () => order.push('action') },
      onClose: (reason) => order.push(`close:${reason}`),
    }).shown;
    items()[0].querySelector<HTMLButtonElement>('.kt-action')!.click();
    expect(texts()).toEqual([]);
    expect(order).toEqual(['close:action', 'action']);
  });
});

describe('HTML in toasts', () => {
  it('is sanitized: markup stays, script cannot run', async () => {
    const w = window as { pwned?: number };
    await toast(
      '<b>余额不足</b>，<a href="/app/user/pay/order" onclick="window.pwned=1">去充值</a>' +
        '<img src="x" onerror="window.pwned=2"><script>window.pwned=3</script>' +
        '<a href="javascript:window.pwned=4">点我</a><style>body{display:none}</style>',
    ).shown;
    const body = items()[0].querySelector('.kt-body')!;
    expect(body.querySelector('b')!.textContent).toBe('余额不足');
    const [link, jsLink] = [...body.querySelectorAll('a')];
    expect(link.getAttribute('href')).toBe('/app/user/pay/order');
    expect(link.hasAttribute('onclick')).toBe(false);
    expect(jsLink.hasAttribute('href')).toBe(false);
    expect(body.querySelector('img, script, style')).toBeNull();
    link.dispatchEvent(new MouseEvent('click', { cancelable: true }));
    expect(w.pwned).toBeUndefined();
  });

  it('shows text with < or & exactly as written', async () => {
    await toast('1 < 2 & 3 > 2').shown;
    expect(texts()).toEqual(['1 < 2 & 3 > 2']);
  });

  it('is not shown when closed before the sanitizer loaded', async () => {
    const handle = toast('<b>稍后</b>');
    handle.close();
    await handle.shown;
    expect(items()).toHaveLength(0);
  });
});

describe('lazy sanitizer', () => {
  async function kernelWithSanitizer(factory: () => unknown): Promise<{ kernel: Kernel; loads: () => number }> {
    let loads = 0;
    let kernel: Kernel | undefined;
    await jest.isolateModulesAsync(async () => {
      jest.doMock('dompurify', () => {
        loads += 1;
        return factory();
      });
      kernel = await import('../src');
    });
    return { kernel: kernel!, loads: () => loads };
  }

  // The lazy import runs after isolateModulesAsync returned: its module lands in the main registry, reset here.
  afterEach(() => {
    jest.dontMock('dompurify');
    jest.resetModules();
  });

  it('is loaded only when a toast carries HTML', async () => {
    const { kernel, loads } = await kernelWithSanitizer(() => jest.requireActual('dompurify'));
    await kernel.toast('纯文本提示').shown;
    await kernel.toastError('纯文本错误')!.shown;
    expect(loads()).toBe(0);
    await kernel.toast('<i>斜体</i>').shown;
    expect(loads()).toBe(1);
    kernel.clearToasts();
  });

  it('falls back to plain text when it cannot be loaded', async () => {
    const { kernel, loads } = await kernelWithSanitizer(() => {
      throw new Error('ChunkLoadError');
    });
    await kernel.toast('<img src=x onerror="window.pwned=5">加载失败').shown;
    expect(loads()).toBe(1);
    const body = document.querySelector('.kt-item:last-child .kt-body')!;
    expect(body.textContent).toBe('<img src=x onerror="window.pwned=5">加载失败');
    expect(body.querySelector('img')).toBeNull();
    kernel.clearToasts();
  });
});
