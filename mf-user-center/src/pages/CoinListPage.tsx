import { COIN_RECORD_KINDS, COIN_RECORD_LABELS, type CoinRecordKind } from 'contracts/enums';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ListFooter, useInfiniteList } from 'shared-kernel';
import { getCoinBalance, listCoinRecords, type CoinRecord } from '../api/coins';
import { TEXTS } from '../texts';
import { BalanceCard } from '../ui/BalanceCard';
import { RecordRow } from '../ui/RecordRow';
import { LoadError, Loading, PageFrame } from '../ui/Status';
import { useLoad } from 'shared-kernel';

const ROUTE = 'user.coin.list';

function kindOf(value: string | null): CoinRecordKind | null {
  return (COIN_RECORD_KINDS as readonly string[]).includes(value ?? '') ? (value as CoinRecordKind) : null;
}

/** 全部 and one chip per kind; the chosen kind is in the address (?kind=), so back and reload keep it. */
function KindChips({ kind, onPick }: { kind: CoinRecordKind | null; onPick: (kind: CoinRecordKind | null) => void }) {
  const chips: [CoinRecordKind | null, string][] = [[null, TEXTS.records.all], ...COIN_RECORD_KINDS.map((k) => [k, COIN_RECORD_LABELS[k]] as [CoinRecordKind, string])];
  return (
    <div className="uc-chips" role="group" aria-label={TEXTS.records.filter}>
      {chips.map(([k, label]) => (
        <button key={k ?? 'all'} type="button" className="uc-chip" aria-pressed={k === kind} onClick={() => onPick(k)}>
          {label}
        </button>
      ))}
    </div>
  );
}

function Records({ kind }: { kind: CoinRecordKind | null }) {
  const fetchPage = useCallback((page: number, signal: AbortSignal) => listCoinRecords(kind, page, signal), [kind]);
  const list = useInfiniteList<CoinRecord>({ fetchPage, key: `coin-records:${kind ?? 'all'}`, route: ROUTE });
  const empty = list.status === 'done' && list.items.length === 0;
  return (
    <>
      {empty ? (
        <p className="uc-empty uc-muted">{TEXTS.records.empty}</p>
      ) : (
        <ul className="uc-records">
          {list.items.map((record) => (
            <RecordRow key={record.id} record={record} />
          ))}
        </ul>
      )}
      <ListFooter list={list} />
    </>
  );
}

/** user/coin/list: my balance card, then my coin records by kind, page by page. */
export default function CoinListPage() {
  const [params, setParams] = useSearchParams();
  const kind = kindOf(params.get('kind'));
  const balance = useLoad('balance', getCoinBalance);
  const pick = (k: CoinRecordKind | null) => setParams(k ? { kind: k } : {}, { replace: true });
  return (
    <PageFrame route={ROUTE}>
      {balance.error ? <LoadError error={balance.error} onRetry={balance.reload} /> : balance.data ? <BalanceCard balance={balance.data} /> : <Loading />}
      <section className="uc-card" aria-labelledby="uc-records-title">
        <h2 id="uc-records-title" className="uc-h2">{TEXTS.records.heading}</h2>
        <KindChips kind={kind} onPick={pick} />
        <Records kind={kind} />
      </section>
    </PageFrame>
  );
}
