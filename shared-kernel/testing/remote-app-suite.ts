// A jest suite every remote runs against its own `./app`: driven as the shell drives it, each of its routes
// renders a page with the route's title, tagged with the remote's name and build version, and unmounts clean.
import { routesOf, type RemoteLifecycles, type RemoteName } from 'shared-kernel';

export function describeRemoteApp(remote: RemoteName, app: RemoteLifecycles, version: string): void {
  describe(`${remote} ./app`, () => {
    it.each(routesOf(remote).map((r) => [r.path, r.title]))('renders %s with its title', async (path, title) => {
      window.history.pushState(null, '', path.replace(':id', '7'));
      const host = document.createElement('div');
      document.body.appendChild(host);
      const props = { name: remote, domElementGetter: () => host };
      await app.bootstrap(props);
      await app.mount(props);
      expect(host.querySelector('h1')?.textContent).toBe(title);
      expect(host.dataset.remote).toBe(remote);
      expect(host.dataset.remoteVersion).toBe(version);
      await app.unmount(props);
      expect(host.innerHTML).toBe('');
      host.remove();
    });
  });
}
