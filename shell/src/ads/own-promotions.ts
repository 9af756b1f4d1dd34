import type { AppVersionPage } from 'contracts';
import { http, routePath } from 'shared-kernel';
import type { AdCreative, AdProvider } from './provider';

/**
 * The default provider: the site's own promotions. Phones get the app download (with the newest version from
 * GET /api/app-update/), wide screens and in-app pages the download packages. A click on the app download is
 * counted through POST /api/app-down-click/.
 */
export function ownPromotions(): AdProvider {
  let latest: Promise<string | null> | null = null;
  const latestVersion = () =>
    (latest ??= http
      .get<AppVersionPage>('/app-update/', { params: { page: 1, page_size: 1 }, background: true })
      .then(({ data }) => data.results[0]?.version ?? null)
      .catch(() => null));

  return {
    async creativeFor(slot, context) {
      if (slot === 'banner' && !context.inApp) {
        const version = await latestVersion();
        return {
          id: 'own-app-download',
          kind: 'app-download',
          title: version ? `知库文档 App v${version}` : '知库文档 App',
          text: '随时随地查文档，离线阅读更方便',
          cta: '免费下载',
          href: routePath('site.appDown'),
        } satisfies AdCreative;
      }
      return {
        id: 'own-packages',
        kind: 'packages',
        title: '开通下载套餐',
        text: '海量优质文档，一次购买多次下载',
        cta: '查看套餐',
        // the package page goes back to where the advert was, once paid
        href: routePath('user.pay.order', {}, { type: 'package', from: context.path }),
      } satisfies AdCreative;
    },
    clicked(creative, slot) {
      if (creative.kind !== 'app-download') return;
      void http.post('/app-down-click/', { source: `ad:${slot}` }, { background: true }).catch(() => undefined);
    },
  };
}
