import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ListFooter, useInfiniteList } from 'shared-kernel';
import { formatTime } from '../../coins/format';
import { listVersions, type AppVersion } from '../../me/api';
import { Paragraphs } from '../../me/site-text';
import { ME_TEXTS } from '../../me/texts';
import { MePage } from '../../me/ui';

const ROUTE = 'site.newFunctionIntro';
const t = ME_TEXTS.versions;
const PLATFORMS = ['android', 'ios', 'pc'] as const;
type Platform = (typeof PLATFORMS)[number];

/** The phone's platform by its browser (iPhone, iPad: iOS; other phones: Android; else the desktop client). */
export function platformOfBrowser(userAgent = navigator.userAgent): Platform {
  if (/iPhone|iPad|iPod/i.test(userAgent)) return 'ios';
  return /Android|Mobile/i.test(userAgent) ? 'android' : 'pc';
}

function VersionRow({ version, latest }: { version: AppVersion; latest: boolean }) {
  return (
    <li className="me-version" data-testid="version">
      <h3>
        {version.version}
        {latest && <span className="me-tag">{t.latest}</span>}
        {version.force_update && <span className="me-level" style={{ background: '#a8071a' }}>{t.force}</span>}
      </h3>
      <p className="uc-muted uc-small" style={{ margin: 0 }}>{t.released(formatTime(version.create_time))}</p>
      <div className="me-notes"><Paragraphs text={version.notes} /></div>
    </li>
  );
}

/** site/new_function_intro: what each released version brought (GET /api/app-version-detail/), by platform. */
export default function NewFunctionPage() {
  const [params, setParams] = useSearchParams();
  const platform = PLATFORMS.find((p) => p === params.get('platform')) ?? platformOfBrowser();
  const fetchPage = useCallback((page: number, signal: AbortSignal) => listVersions(platform, page, signal), [platform]);
  const list = useInfiniteList<AppVersion>({ fetchPage, key: `versions:${platform}`, route: ROUTE });
  return (
    <MePage route={ROUTE}>
      <section className="uc-card">
        <div className="uc-chips" role="group">
          {PLATFORMS.map((p) => (
            <button key={p} type="button" className="uc-chip" aria-pressed={p === platform} onClick={() => setParams({ platform: p }, { replace: true })}>
              {t[p]}
            </button>
          ))}
        </div>
        {list.status === 'done' && list.items.length === 0 ? (
          <p className="uc-empty uc-muted">{t.empty}</p>
        ) : (
          <ul className="me-sdk">{list.items.map((v, i) => <VersionRow key={v.id} version={v} latest={i === 0} />)}</ul>
        )}
        <ListFooter list={list} />
      </section>
    </MePage>
  );
}
