import { waitFor } from '@testing-library/react';
import { routesOf } from 'shared-kernel';
import { startFakeApi, type FakeApi } from 'shared-kernel/testing';
import { balance, closeAll, logIn, open, page, record, resetPage } from './support/coins';

// The kernel's describeRemoteApp, for pages that load lazily: driven as the shell drives it, each route of
// mf-user-center renders its title in the remote's slot (tagged with its name and build version) and unmounts clean.
let api: FakeApi;
beforeAll(async () => {
  api = await startFakeApi();
});
afterAll(() => api.close());
beforeEach(() => {
  resetPage(api);
  logIn();
  api.on('GET /coin-balance/', { body: balance() });
  api.on('GET /coin-records/', page([]));
  api.on('GET /coin-records/7/', { body: record() });
});
afterEach(closeAll);

describe('mf-user-center ./app', () => {
  it.each(routesOf('mf-user-center').map((r) => [r.path, r.title]))('renders %s (%s)', async (path, title) => {
    const view = await open(path.replace(':id', '7'));
    expect(view.host.dataset.remote).toBe('mf-user-center');
    expect(view.host.dataset.remoteVersion).toBe(__APP_VERSION__);
    await waitFor(() => expect(view.host.querySelector('h1')?.textContent).toBe(title));
    await view.close();
    expect(view.host.innerHTML).toBe('');
  });
});
