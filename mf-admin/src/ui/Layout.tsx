import type { ReactNode } from 'react';
import { NavLink } from 'react-router-dom';
import { getRoute, routePath, useUser } from 'shared-kernel';
import { allowed, NAV } from '../nav';
import { TEXTS } from '../texts';

/** The console's frame: the navigation (NAV) beside the page on wide screens, above it on phones. */
export function ConsoleLayout({ children }: { children: ReactNode }) {
  const held = useUser()?.staff_roles ?? [];
  return (
    <div className="ad-console">
      <nav className="ad-nav" aria-label={TEXTS.navLabel}>
        <NavLink to={routePath('admin.home')} end className="ad-nav-home">
          {TEXTS.console}
        </NavLink>
        {NAV.map((group) => (
          <div key={group.label} className="ad-nav-group">
            <p className="ad-nav-label">{group.label}</p>
            <ul>
              {group.entries
                .filter((entry) => allowed(entry, held))
                .map((entry) =>
                  entry.route ? (
                    <li key={entry.route}>
                      <NavLink to={routePath(entry.route)}>{getRoute(entry.route).title}</NavLink>
                    </li>
                  ) : (
                    <li key={entry.label} className="ad-nav-soon" aria-disabled="true">
                      {entry.label}
                      <small>{TEXTS.soon}</small>
                    </li>
                  ),
                )}
            </ul>
          </div>
        ))}
      </nav>
      <main className="ad-main">{children}</main>
    </div>
  );
}
