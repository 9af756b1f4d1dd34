import { formatFen } from 'shared-kernel';
import type { PricePolicy, UserPackage } from '../api/pay';
import { formatTime } from '../pay/time';
import { TEXTS } from '../texts';

/** One package as an option to buy: price, struck-through original price, downloads, validity, per download. */
function PackageCard({ policy, selected, onSelect }: { policy: PricePolicy; selected: boolean; onSelect: () => void }) {
  const t = TEXTS.packages;
  return (
    <li className="mp-package" data-selected={selected || undefined} data-testid={`package-${policy.id}`}>
      <button type="button" className="mp-option" aria-pressed={selected} onClick={onSelect}>
        {policy.recommended && <span className="mp-badge">{t.recommended}</span>}
        <span className="mp-package-name">{policy.name}</span>
        <span className="mp-price-line">
          <span className="mp-price" data-testid="package-price">{formatFen(policy.price)}</span>
          {policy.original_price !== null && policy.original_price > policy.price && (
            <s className="mp-original">
              <span className="mp-sr-only">{t.originalPrice}</span>
              {formatFen(policy.original_price)}
            </s>
          )}
        </span>
        <span className="mp-package-meta">
          {t.downloads(policy.downloads)} · {t.validDays(policy.valid_days)}
        </span>
        <span className="mp-unit" data-testid="package-unit">{t.perDownload(formatFen(policy.unit_price))}</span>
        <span className="mp-package-scope">{policy.max_doc_price === null ? t.anyDoc : t.maxDocPrice(formatFen(policy.max_doc_price))}</span>
        {policy.description && <span className="mp-package-desc">{policy.description}</span>}
      </button>
    </li>
  );
}

export function PackageList({ policies, selected, onSelect }: { policies: PricePolicy[]; selected: number | null; onSelect: (id: number) => void }) {
  if (policies.length === 0) return <p className="mp-muted">{TEXTS.packages.empty}</p>;
  return (
    <ul className="mp-packages">
      {policies.map((p) => (
        <PackageCard key={p.id} policy={p} selected={selected === p.id} onSelect={() => onSelect(p.id)} />
      ))}
    </ul>
  );
}

/** My packages and what is left of them. */
export function MyPackages({ packages }: { packages: UserPackage[] }) {
  const t = TEXTS.mine;
  return (
    <section className="mp-card mp-mine" aria-labelledby="mp-mine-title">
      <h2 id="mp-mine-title" className="mp-h2">{t.heading}</h2>
      {packages.length === 0 ? (
        <p className="mp-muted">{t.empty}</p>
      ) : (
        <ul className="mp-mine-list">
          {packages.map((p) => (
            <li key={p.id} className="mp-mine-item" data-active={p.active || undefined}>
              <span className="mp-mine-name">{p.name}</span>
              <span>{t.left(p.downloads_left, p.downloads)}</span>
              <span className="mp-muted">{p.active ? t.until(formatTime(p.expire_time)) : t.expired}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
