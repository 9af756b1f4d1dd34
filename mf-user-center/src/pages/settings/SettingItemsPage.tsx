import { Link } from 'react-router-dom';
import { routePath, theme$, toggleTheme, useObservable } from 'shared-kernel';
import { SettingsFrame } from '../../settings/frame';
import { S } from '../../settings/texts';

const items: { label: string; hint?: string; to: string }[] = [
  { label: S.hub.account, hint: S.hub.accountHint, to: routePath('user.setting.account.item') },
  { label: S.hub.devices, hint: S.hub.devicesHint, to: routePath('user.setting.account.devices') },
  { label: S.hub.history, to: `${routePath('user.setting.account.devices')}?tab=history` },
  { label: S.hub.pwdProtection, to: routePath('user.setting.account.pwdProtection') },
  { label: S.hub.agreement, to: routePath('site.userAgreement') },
  { label: S.hub.privacy, to: routePath('site.privacyPolicy') },
  { label: S.hub.about, to: routePath('user.aboutItems') },
];

/** 深色模式: the site's theme (the kernel's, shared with the navbar's button and every remote). */
function ThemeSwitch() {
  const dark = useObservable(theme$) === 'dark';
  return (
    <section className="uc-card" aria-label={S.hub.display}>
      <ul className="st-list">
        <li>
          <button type="button" role="switch" aria-checked={dark} className="st-item" onClick={toggleTheme}>
            <span className="st-item-label">{S.hub.darkMode}</span>
            <span className="st-item-value" data-testid="remote-theme">
              {dark ? S.hub.darkOn : S.hub.darkOff}
            </span>
          </button>
        </li>
      </ul>
    </section>
  );
}

/** user/setting-items: the settings hub. */
export default function SettingItemsPage() {
  return (
    <SettingsFrame route="user.settingItems" back={false}>
      <nav className="uc-card" aria-label={S.hub.account}>
        <ul className="st-list">
          {items.map((item) => (
            <li key={item.label}>
              <Link className="st-item st-arrow" to={item.to}>
                <span className="st-item-label">{item.label}</span>
                {item.hint && <span className="st-item-value">{item.hint}</span>}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <ThemeSwitch />
    </SettingsFrame>
  );
}
