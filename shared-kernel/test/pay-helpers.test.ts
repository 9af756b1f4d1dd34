import { formatFen, MINIPROGRAM_PAY_PAGE, requestMerchantTransfer, requestWxPay, routeLinkPath } from 'shared-kernel';

describe('formatFen', () => {
  test.each([
    [990, '¥9.90'],
    [2990, '¥29.90'],
    [19900, '¥199.00'],
    [5, '¥0.05'],
    [0, '¥0.00'],
    [1, '¥0.01'],
    [-150, '-¥1.50'],
    [123456789, '¥1234567.89'],
  ])('%d fen -> %s', (fen, text) => {
    expect(formatFen(fen)).toBe(text);
  });

  test('every amount up to ¥100 reads back as the same fen (no floating-point error)', () => {
    for (let fen = 0; fen <= 10000; fen += 1) expect(Math.round(Number(formatFen(fen, { symbol: false })) * 100)).toBe(fen);
  });

  test('fractions are rounded to whole fen, and not-a-number is ¥0.00', () => {
    expect(formatFen(10.6)).toBe('¥0.11');
    expect(formatFen(Number.NaN)).toBe('¥0.00');
    expect(formatFen(29.9 * 100)).toBe('¥29.90'); // 2989.9999999999995
  });
});

describe('requestWxPay', () => {
  const realUa = navigator.userAgent;
  const setUa = (ua: string) => Object.defineProperty(navigator, 'userAgent', { value: ua, configurable: true });
  const win = window as unknown as Record<string, unknown>;
  afterEach(() => {
    setUa(realUa);
    delete win.WeixinJSBridge;
    delete win.wx;
    delete win.__wxjs_environment;
  });
  const params = { appId: 'wx1', timeStamp: '1', nonceStr: 'n', package: 'prepay_id=p', signType: 'RSA', paySign: 's' };

  test('in a WeChat page it invokes getBrandWCPayRequest with the params and reads err_msg', async () => {
    setUa('Mozilla/5.0 MicroMessenger/8.0.50');
    const invoke = jest.fn((_name: string, _p: unknown, cb: (r: { err_msg: string }) => void) => cb({ err_msg: 'get_brand_wcpay_request:ok' }));
    win.WeixinJSBridge = { invoke };
    await expect(requestWxPay(params, 'P1')).resolves.toBe('ok');
    expect(invoke).toHaveBeenCalledWith('getBrandWCPayRequest', params, expect.any(Function));
    invoke.mockImplementation((_n, _p, cb) => cb({ err_msg: 'get_brand_wcpay_request:cancel' }));
    await expect(requestWxPay(params)).resolves.toBe('cancel');
  });

  test('waits for WeixinJSBridgeReady when the bridge is not there yet', async () => {
    setUa('MicroMessenger');
    const outcome = requestWxPay(params);
    win.WeixinJSBridge = { invoke: (_n: string, _p: unknown, cb: (r: { err_msg: string }) => void) => cb({ err_msg: 'get_brand_wcpay_request:fail' }) };
    document.dispatchEvent(new Event('WeixinJSBridgeReady'));
    await expect(outcome).resolves.toBe('fail');
  });

  test('in the mini-program it opens the native pay page with the params and the order number', async () => {
    win.__wxjs_environment = 'miniprogram';
    const navigateTo = jest.fn((o: { url: string; success?: () => void }) => o.success?.());
    win.wx = { miniProgram: { navigateTo } };
    await expect(requestWxPay(params, 'P2')).resolves.toBe('handed-over');
    const url = new URL(navigateTo.mock.calls[0][0].url, 'https://mp.invalid');
    expect(url.pathname).toBe(MINIPROGRAM_PAY_PAGE);
    expect(url.searchParams.get('order_no')).toBe('P2');
    expect(JSON.parse(url.searchParams.get('params') ?? '')).toEqual(params);
  });

  test('outside WeChat it is unavailable', async () => {
    await expect(requestWxPay(params)).resolves.toBe('unavailable');
  });
});

describe('requestMerchantTransfer', () => {
  const realUa = navigator.userAgent;
  const setUa = (ua: string) => Object.defineProperty(navigator, 'userAgent', { value: ua, configurable: true });
  const win = window as unknown as Record<string, unknown>;
  afterEach(() => {
    setUa(realUa);
    delete win.WeixinJSBridge;
    delete win.__wxjs_environment;
  });

  test('in a WeChat page it invokes requestMerchantTransfer with the ids and the package, and reads err_msg', async () => {
    setUa('Mozilla/5.0 MicroMessenger/8.0.50');
    const invoke = jest.fn((_name: string, _p: unknown, cb: (r: { err_msg: string }) => void) => cb({ err_msg: 'requestMerchantTransfer:ok' }));
    win.WeixinJSBridge = { invoke };
    await expect(requestMerchantTransfer('pkg-1', { mchId: '1900', appId: 'wx1' })).resolves.toBe('ok');
    expect(invoke).toHaveBeenCalledWith('requestMerchantTransfer', { mchId: '1900', appId: 'wx1', package: 'pkg-1' }, expect.any(Function));
    invoke.mockImplementation((_n, _p, cb) => cb({ err_msg: 'requestMerchantTransfer:cancel' }));
    await expect(requestMerchantTransfer('pkg-1')).resolves.toBe('cancel');
    invoke.mockImplementation((_n, _p, cb) => cb({ err_msg: 'requestMerchantTransfer:fail' }));
    await expect(requestMerchantTransfer('pkg-1')).resolves.toBe('fail');
  });

  test('outside a WeChat page (a browser, the mini-program) it is unavailable', async () => {
    await expect(requestMerchantTransfer('pkg-1')).resolves.toBe('unavailable');
    win.__wxjs_environment = 'miniprogram';
    await expect(requestMerchantTransfer('pkg-1')).resolves.toBe('unavailable');
  });
});

describe('routeLinkPath', () => {
  test('a route of the table with its query becomes the site path; anything else null', () => {
    expect(routeLinkPath({ route: 'articles/docs/detail/12' })).toBe('/app/articles/docs/detail/12');
    expect(routeLinkPath({ route: '/user/pay/withdraw_history/', query: { id: '3' } })).toBe('/app/user/pay/withdraw_history?id=3');
    expect(routeLinkPath({ route: 'app/user/coin/list' })).toBe('/app/user/coin/list');
    expect(routeLinkPath({ route: 'no/such/page' })).toBeNull();
    expect(routeLinkPath({ route: '' })).toBeNull();
    expect(routeLinkPath(null)).toBeNull();
  });
});
