import { http } from '../src';
import { startFakeApi, TEST_PAGE_HEADER, type FakeApi } from '../testing';

let api: FakeApi;
beforeAll(async () => {
  api = await startFakeApi({ routes: { 'GET /public-key/': { body: { key: 'k' } } } });
});
afterAll(() => api.close());
beforeEach(() => api.newPage());

describe('the fake API of the front-end tests', () => {
  it('answers scripted routes, its own routes and 404 otherwise, and logs each request', async () => {
    api.on('POST /codes/', (request) => ({ status: 201, body: { got: request.body.mobile } }));
    expect((await http.post('/codes/?x=1', { mobile: '138' })).data).toEqual({ got: '138' });
    expect((await http.get('/public-key/')).data).toEqual({ key: 'k' });
    await expect(http.get('/nothing/')).rejects.toMatchObject({ response: { status: 404, data: { message: '接口不存在', code: 'not_found' } } });
    expect(api.received.map((r) => r.url)).toEqual(['/api/codes/?x=1', '/api/public-key/', '/api/nothing/']);
    expect(api.calls('POST /codes/')).toEqual([expect.objectContaining({ path: '/codes/', text: '{"mobile":"138"}' })]);
    expect(api.calls('POST /codes/')[0].query.get('x')).toBe('1');
  });

  it('a test script wins over the kept routes; reset forgets the scripts but not the kept routes', async () => {
    api.on('GET /public-key/', { body: { key: 'mine' } });
    api.otherwise({ body: '<p>text</p>', headers: { 'Content-Type': 'text/html' } });
    expect((await http.get('/public-key/')).data).toEqual({ key: 'mine' });
    const other = await http.get('/other/');
    expect([other.data, other.headers['content-type']]).toEqual(['<p>text</p>', 'text/html']);
    api.reset();
    expect(api.received).toEqual([]);
    expect((await http.get('/public-key/')).data).toEqual({ key: 'k' });
    await expect(http.get('/other/')).rejects.toMatchObject({ response: { status: 404 } });
  });

  it("answers but does not log a request of an earlier test page (a previous test's straggler)", async () => {
    const earlier = http.defaults.headers.common[TEST_PAGE_HEADER];
    api.newPage();
    api.on('GET /late/', { body: { ok: true } });
    expect(http.defaults.headers.common[TEST_PAGE_HEADER]).not.toBe(earlier);
    expect(http.defaults.baseURL).toBe(`${api.origin}/api`);
    expect((await http.get('/late/', { headers: { [TEST_PAGE_HEADER]: String(earlier) } })).data).toEqual({ ok: true });
    expect(api.received).toEqual([]);
    await http.get('/late/');
    expect(api.calls('GET /late/')).toHaveLength(1);
  });

  it("'drop' leaves a request without an answer", async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined); // jsdom logs the network error
    api.otherwise('drop');
    await expect(http.get('/down/', { timeout: 500, background: true })).rejects.toMatchObject({ code: 'ERR_NETWORK' });
    jest.restoreAllMocks();
  });

  it('closes with a connection still kept alive', async () => {
    const fake = await startFakeApi();
    fake.otherwise({ body: {} });
    await http.get(`${fake.origin}/api/kept/`);
    const started = Date.now();
    await fake.close();
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
