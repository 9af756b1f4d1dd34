import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { routePath, setUser, user$, useLoad, type Loaded } from 'shared-kernel';
import { LoadError, Loading, PageFrame } from '../ui/Status';
import { getMe, type SelfUserInfo } from './api';
import { ensureSettingsStyles } from './styles';
import { S } from './texts';

/** A settings page: its title, the content, and (below the hub) the way back to the account page. */
export function SettingsFrame({ route, children, back = true }: { route: string; children: ReactNode; back?: boolean }) {
  ensureSettingsStyles();
  return (
    <PageFrame route={route}>
      {children}
      {back && (
        <p>
          <Link className="uc-link" to={routePath('user.setting.account.item')}>{S.back}</Link>
        </p>
      )}
    </PageFrame>
  );
}

/** My account (GET /api/users/0/), loaded once per page. */
export const useMe = (): Loaded<SelfUserInfo> => useLoad('me', getMe);

/** The loaded account, or the loading line / the error with a retry in its place. */
export function WithMe({ me, children }: { me: Loaded<SelfUserInfo>; children: (me: SelfUserInfo) => ReactNode }) {
  if (me.error) return <LoadError error={me.error} onRetry={me.reload} />;
  return me.data ? <>{children(me.data)}</> : <Loading />;
}

/** The kernel's user info follows a change of the account (phone, e-mail): the header and other remotes see it. */
export function rememberMe(info: SelfUserInfo): void {
  const current = user$.value;
  if (!current || current.uid !== info.uid) return;
  const extra = current.userinfo && typeof current.userinfo === 'object' ? current.userinfo : {};
  setUser({ ...current, userinfo: { ...extra, mobile: info.mobile, email: info.email, has_password: info.has_password, country_code: info.country_code } });
}
