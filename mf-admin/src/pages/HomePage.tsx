import { Link } from 'react-router-dom';
import { getRoute, routePath, useUser } from 'shared-kernel';
import { allowed, NAV } from '../nav';
import { TEXTS } from '../texts';
import { PageFrame } from '../ui/Status';

/** admin: where to start, the console's pages this person's roles open (the same list as the navigation). */
export default function HomePage() {
  const held = useUser()?.staff_roles ?? [];
  const routes = NAV.flatMap((g) => g.entries).filter((e) => e.route && allowed(e, held));
  return (
    <PageFrame route="admin.home">
      <p className="ad-muted">{TEXTS.home.intro}</p>
      <p data-testid="my-roles">{TEXTS.home.roles(held.map((r) => TEXTS.roles[r] ?? r).join('、'))}</p>
      <ul className="ad-cards">
        {routes.map((e) => (
          <li key={e.route}>
            <Link className="ad-card ad-tile" to={routePath(e.route!)}>
              {getRoute(e.route!).title}
            </Link>
          </li>
        ))}
      </ul>
    </PageFrame>
  );
}
