import { waitFor } from '@testing-library/react';
import { routesOf } from 'shared-kernel';
import { logIn, open, page, POLICIES, usePage } from './support/pay';

// The kernel's describeRemoteApp, for pages that load lazily: driven as the shell drives it, each route of mf-pay
// renders its title in the remote's slot (tagged with its name and build version) and unmounts clean.
const api = usePage(null);
beforeEach(() => {
  api.on('GET /price-policy/', page(POLICIES));
  api.on('GET /user-package/', page([]));
  api.on('GET /order-info/', page([]));
});

describe('mf-pay ./app', () => {
  it.each(routesOf('mf-pay').map((r) => [r.path, r.title]))('renders %s (%s)', async (path, title) => {
    if (path.includes('/user/')) logIn();
    const view = await open(path);
    expect(view.host.dataset.remote).toBe('mf-pay');
    expect(view.host.dataset.remoteVersion).toBe(__APP_VERSION__);
    await waitFor(() => expect(view.host.querySelector('h1')?.textContent).toBe(title));
    await view.close();
    expect(view.host.innerHTML).toBe('');
  });
});
