import { waitFor } from '@testing-library/react';
import { routesOf } from 'shared-kernel';
import { activity, claim, open, packet, page, usePage } from './support/activity';

// The kernel's describeRemoteApp, for pages that load lazily: each route of mf-activity renders its title in the
// remote's slot (tagged with its name and build version) and unmounts clean.
const api = usePage();
beforeEach(() => {
  api.on('GET /activity-info/', page([activity()]));
  api.on('GET /activity-info/7/', { body: activity() });
  api.on('GET /activity-parti/', page([claim()]));
  api.on('GET /activity-parti/7/', { body: claim() });
  api.on('GET /red-packets/', page([packet()]));
});

describe('mf-activity ./app', () => {
  it.each(routesOf('mf-activity').map((r) => [r.path, r.title]))('renders %s (%s)', async (path, title) => {
    const view = await open(path.replace(':id', '7'));
    expect(view.host.dataset.remote).toBe('mf-activity');
    expect(view.host.dataset.remoteVersion).toBe(__APP_VERSION__);
    await waitFor(() => expect(view.host.querySelector('h1')?.textContent).toBe(title));
    await view.close();
    expect(view.host.innerHTML).toBe('');
  });
});
