import { waitFor } from '@testing-library/react';
import { routesOf } from 'shared-kernel';
import { balance, open, page, record, usePage } from './support/coins';

// The kernel's describeRemoteApp, for pages that load lazily: driven as the shell drives it, each route of
// mf-user-center renders its title in the remote's slot (tagged with its name and build version) and unmounts clean.
const api = usePage();
beforeEach(() => {
  api.on('GET /coin-balance/', { body: balance() });
  api.on('GET /coin-records/', page([]));
  api.on('GET /coin-records/7/', { body: record() });
});

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
