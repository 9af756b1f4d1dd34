import { useCallback, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ListFooter, toastSuccess, useInfiniteList, useLoad, useUser } from 'shared-kernel';
import { formatTime } from '../../coins/format';
import { decideTransfer, listMyPublicDocs, listTransfers, offerTransfer, type Transfer, type TransferBox } from '../../library/api';
import { ensureLibraryStyles } from '../../library/styles';
import { LIB_TEXTS } from '../../library/texts';
import { PageFrame } from '../../ui/Status';

const ROUTE = 'user.transfer.list';
const t = LIB_TEXTS.transfers;
const boxOf = (value: string | null): TransferBox | null => (value === 'sent' || value === 'received' ? value : null);

/** Offer one of my published documents to another account (by its user ID, as shown on its user page). */
function OfferForm({ onSent }: { onSent: () => void }) {
  const uid = useUser()?.uid ?? 0;
  const docs = useLoad(uid ? `my-public-docs:${uid}` : null, () => listMyPublicDocs(uid));
  const [docId, setDocId] = useState('');
  const [toUser, setToUser] = useState('');
  const [message, setMessage] = useState('');
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      await offerTransfer(Number(docId), Number(toUser), message.trim());
      toastSuccess(t.sent);
      setDocId('');
      setToUser('');
      setMessage('');
      onSent();
    } catch {
      /* the kernel's toast said why */
    }
  };
  const mine = docs.data?.results ?? [];
  return (
    <section className="uc-card" aria-labelledby="ucl-offer-title">
      <h2 id="ucl-offer-title" className="uc-h2">{t.offer}</h2>
      <p className="uc-small uc-muted">{t.intro}</p>
      {docs.data && mine.length === 0 ? (
        <p className="uc-muted">{t.noDocs}</p>
      ) : (
        <form className="ucl-form" onSubmit={(e) => void submit(e)}>
          <select className="ucl-select" aria-label={t.pickDoc} value={docId} onChange={(e) => setDocId(e.target.value)} required>
            <option value="">{t.pickDoc}</option>
            {mine.map((d) => <option key={d.id} value={d.id}>{d.title}</option>)}
          </select>
          <input className="ucl-input" aria-label={t.toUser} placeholder={t.toUser} inputMode="numeric" pattern="[0-9]+" value={toUser} onChange={(e) => setToUser(e.target.value)} required />
          <input className="ucl-input" aria-label={t.message} placeholder={t.message} maxLength={200} value={message} onChange={(e) => setMessage(e.target.value)} />
          <button type="submit" className="uc-btn uc-primary" disabled={!docId || !/^\d+$/.test(toUser)}>{t.send}</button>
        </form>
      )}
    </section>
  );
}

function TransferRow({ transfer, onChange }: { transfer: Transfer; onChange: (next: Transfer) => void }) {
  const act = async (decision: 'accept' | 'decline' | 'cancel', done: string) => {
    try {
      onChange(await decideTransfer(transfer.id, decision));
      toastSuccess(done);
    } catch {
      /* the kernel's toast said why */
    }
  };
  const pending = transfer.status === 'pending';
  const received = transfer.direction === 'received';
  return (
    <li className="ucl-item" data-testid="transfer">
      <span className="ucl-kind">{t.boxes[transfer.direction]}</span>
      <div className="ucl-item-main">
        <span className="ucl-item-title">{transfer.docs.title}</span>
        <span className="ucl-meta">
          <span>{received ? t.from(transfer.from_user.nickname) : t.to(transfer.to_user.nickname)}</span>
          {transfer.message && <span>“{transfer.message}”</span>}
          <time dateTime={transfer.create_time}>{formatTime(transfer.create_time)}</time>
        </span>
      </div>
      <span className="ucl-status">{transfer.status_text}</span>
      {pending && (
        <span className="ucl-actions">
          {received ? (
            <>
              <button type="button" className="uc-btn uc-primary" onClick={() => void act('accept', t.accepted)}>{t.accept}</button>
              <button type="button" className="uc-btn" onClick={() => void act('decline', t.declined)}>{t.decline}</button>
            </>
          ) : (
            <button type="button" className="uc-btn" onClick={() => void act('cancel', t.cancelled)}>{t.cancel}</button>
          )}
        </span>
      )}
    </li>
  );
}

/** user/transfer/list: offer a document of mine to another account; offers I sent and received, each decided here. */
export default function TransferPage() {
  ensureLibraryStyles();
  const [params, setParams] = useSearchParams();
  const box = boxOf(params.get('box'));
  const [round, setRound] = useState(0);
  const fetchPage = useCallback((page: number, signal: AbortSignal) => listTransfers(box, page, signal), [box]);
  const list = useInfiniteList<Transfer>({ fetchPage, key: `transfers:${box ?? 'all'}:${round}`, route: ROUTE });
  const [changed, setChanged] = useState<Map<number, Transfer>>(new Map());
  const items = list.items.map((i) => changed.get(i.id) ?? i);
  return (
    <PageFrame route={ROUTE}>
      <OfferForm onSent={() => setRound((n) => n + 1)} />
      <section className="uc-card">
        <div className="uc-chips" role="group" aria-label={t.boxes.all}>
          {(['all', 'received', 'sent'] as const).map((b) => (
            <button key={b} type="button" className="uc-chip" aria-pressed={(box ?? 'all') === b} onClick={() => setParams(b === 'all' ? {} : { box: b }, { replace: true })}>
              {t.boxes[b]}
            </button>
          ))}
        </div>
        {list.status === 'done' && items.length === 0 ? (
          <p className="uc-empty uc-muted">{t.empty}</p>
        ) : (
          <ul className="ucl-items">
            {items.map((tr) => <TransferRow key={tr.id} transfer={tr} onChange={(next) => setChanged((m) => new Map(m).set(next.id, next))} />)}
          </ul>
        )}
        <ListFooter list={list} />
      </section>
    </PageFrame>
  );
}
