import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ListFooter, useInfiniteList } from 'shared-kernel';
import { listSdks, type Sdk } from '../../me/api';
import { ME_TEXTS } from '../../me/texts';
import { MePage } from '../../me/ui';

const ROUTE = 'site.sdkList';
const t = ME_TEXTS.sdk;
type Platform = 'android' | 'ios';

function SdkRow({ sdk }: { sdk: Sdk }) {
  const safeUrl = /^https?:\/\//.test(sdk.privacy_url) ? sdk.privacy_url : null;
  return (
    <li data-testid="sdk">
      <h3>{sdk.name}</h3>
      <dl className="uc-fields uc-small">
        <div className="uc-field"><dt>{t.company}</dt><dd>{sdk.company}</dd></div>
        <div className="uc-field"><dt>{t.purpose}</dt><dd>{sdk.purpose}</dd></div>
        <div className="uc-field"><dt>{t.data}</dt><dd>{sdk.data_collected}</dd></div>
        <div className="uc-field"><dt>{t.platforms}</dt><dd>{sdk.platforms.map((p) => t[p]).join('、')}</dd></div>
        {safeUrl && (
          <div className="uc-field"><dt>{t.privacy}</dt><dd><a className="uc-link" href={safeUrl} target="_blank" rel="noopener noreferrer">{safeUrl}</a></dd></div>
        )}
      </dl>
    </li>
  );
}

/** site/sdk_list: the third-party SDKs the app embeds, what each collects and why, by platform (?platform=). */
export default function SdkListPage() {
  const [params, setParams] = useSearchParams();
  const platform = (['android', 'ios'] as const).find((p) => p === params.get('platform')) ?? null;
  const fetchPage = useCallback((page: number, signal: AbortSignal) => listSdks(platform, page, signal), [platform]);
  const list = useInfiniteList<Sdk>({ fetchPage, key: `sdk:${platform ?? 'all'}`, route: ROUTE });
  const chips: [Platform | null, string][] = [[null, t.all], ['android', t.android], ['ios', t.ios]];
  return (
    <MePage route={ROUTE}>
      <section className="uc-card">
        <div className="uc-chips" role="group" aria-label={t.platforms}>
          {chips.map(([p, label]) => (
            <button key={label} type="button" className="uc-chip" aria-pressed={p === platform} onClick={() => setParams(p ? { platform: p } : {}, { replace: true })}>
              {label}
            </button>
          ))}
        </div>
        {list.status === 'done' && list.items.length === 0 ? (
          <p className="uc-empty uc-muted">{t.empty}</p>
        ) : (
          <ul className="me-sdk">{list.items.map((sdk) => <SdkRow key={sdk.id} sdk={sdk} />)}</ul>
        )}
        <ListFooter list={list} />
      </section>
    </MePage>
  );
}
