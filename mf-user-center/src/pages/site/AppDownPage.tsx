import { Link } from 'react-router-dom';
import { http, routePath, useLoad } from 'shared-kernel';
import { countDownloadClick, latestVersion, type AppVersion } from '../../me/api';
import { QrImage } from '../../me/QrImage';
import { ME_TEXTS } from '../../me/texts';
import { MePage } from '../../me/ui';
import { platformOfBrowser } from './NewFunctionPage';

const ROUTE = 'site.appDown';
const t = ME_TEXTS.appDown;
const PLATFORMS = ['android', 'ios', 'pc'] as const;
type Platform = (typeof PLATFORMS)[number];

/**
 * Whether a version's package can really be had: an https address (an app store, a CDN) is the operator's word;
 * a path of this site is asked with HEAD, since a deployment may not carry the package files the rows name.
 */
export async function packageAvailable(url: string): Promise<boolean> {
  if (url.startsWith('https://')) return true;
  if (!url.startsWith('/') || url.startsWith('//')) return false;
  // the site the kernel's API client talks to, without its /api
  const site = String(http.defaults.baseURL ?? '/api').replace(/\/api\/?$/, '');
  try {
    await http.head(url, { baseURL: site, skipErrorToast: true });
    return true;
  } catch {
    return false;
  }
}

async function offer(platform: Platform): Promise<{ version: AppVersion; available: boolean } | null> {
  const version = await latestVersion(platform);
  return version ? { version, available: await packageAvailable(version.download_url) } : null;
}

function PlatformCard({ platform }: { platform: Platform }) {
  const found = useLoad(`app-down:${platform}`, () => offer(platform).catch(() => null));
  const name = ME_TEXTS.versions[platform];
  const data = found.data;
  return (
    <section className="uc-card" data-testid={`download-${platform}`} aria-label={name}>
      <h2 className="uc-h2">{name}{data && <span className="uc-muted uc-small"> {data.version.version}</span>}</h2>
      {found.loading ? (
        <p className="uc-muted" role="status">{t.checking}</p>
      ) : data?.available ? (
        <a className="uc-btn uc-primary" href={data.version.download_url} rel="noopener" aria-label={t.download(name)}
          onClick={() => void countDownloadClick(platform, data.version.version)}>
          {t.downloadNow}
        </a>
      ) : (
        <p className="uc-muted">{t.unavailable}</p>
      )}
      {data && data.version.notes && (
        <details className="uc-small" style={{ marginTop: 8 }}>
          <summary>{t.notes}</summary>
          <p className="me-notes">{data.version.notes}</p>
        </details>
      )}
    </section>
  );
}

/** site/app_down: the newest package of each client that really exists, and the mobile site by QR code. */
export default function AppDownPage() {
  const mine = platformOfBrowser();
  const order = [mine, ...PLATFORMS.filter((p) => p !== mine)];
  const home = new URL(routePath('home'), window.location.href).href;
  return (
    <MePage route={ROUTE}>
      <p className="uc-muted">{t.lead}</p>
      <div className="me-downloads">
        {order.map((p) => <PlatformCard key={p} platform={p} />)}
      </div>
      <section className="uc-card me-center" style={{ marginTop: 16 }} aria-label={t.scan}>
        <p>{t.mobileWeb}</p>
        <QrImage url={home} alt={t.qrAlt} />
        <p className="me-url">{home}</p>
        <Link className="uc-link" to={routePath('site.newFunctionIntro')}>{ME_TEXTS.about.newFunction}</Link>
      </section>
    </MePage>
  );
}
