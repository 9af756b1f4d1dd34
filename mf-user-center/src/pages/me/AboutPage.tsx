import { Link } from 'react-router-dom';
import { BRAND, routePath, useLoad } from 'shared-kernel';
import { getSiteIcp } from '../../me/api';
import { ME_TEXTS } from '../../me/texts';
import { MePage } from '../../me/ui';

const ROUTE = 'user.aboutItems';
const t = ME_TEXTS.about;

const ITEMS: [string, string][] = [
  [t.agreement, 'site.userAgreement'],
  [t.privacy, 'site.privacyPolicy'],
  [t.sdk, 'site.sdkList'],
  [t.newFunction, 'site.newFunctionIntro'],
  [t.feedback, 'site.feedback'],
  [t.appDown, 'site.appDown'],
  [t.qrcode, 'site.qrcode'],
];

/** The ICP record (and the police record when there is one), each linking to its register. */
function Records() {
  const icp = useLoad('site-icp', getSiteIcp);
  if (!icp.data) return null;
  const link = (text: string, url: string) =>
    /^https?:\/\//.test(url) ? <a className="uc-link" href={url} target="_blank" rel="noopener noreferrer">{text}</a> : text;
  return (
    <p className="uc-muted uc-small me-center" data-testid="icp">
      {icp.data.icp && link(icp.data.icp, icp.data.icp_url)}
      {icp.data.police && <> · {link(icp.data.police, icp.data.police_url)}</>}
      {icp.data.copyright && <><br />{icp.data.copyright}</>}
    </p>
  );
}

/** user/about-items: the site's name and version, its texts, versions, feedback, the app, the ICP record. */
export default function AboutPage() {
  return (
    <MePage route={ROUTE}>
      <section className="uc-card me-center">
        <h2 className="me-name">{BRAND}</h2>
        <p className="uc-muted" style={{ margin: '4px 0 0' }}>{t.slogan}</p>
        <p className="uc-muted uc-small" data-testid="version">{t.version(__APP_VERSION__)}</p>
      </section>
      <nav className="uc-card">
        <ul className="me-menu">
          {ITEMS.map(([label, route]) => (
            <li key={route}><Link to={routePath(route)}>{label}</Link></li>
          ))}
        </ul>
      </nav>
      <Records />
    </MePage>
  );
}
