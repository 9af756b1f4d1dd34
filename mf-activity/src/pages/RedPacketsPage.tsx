import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { emit, ListFooter, toastSuccess, useInfiniteList, useIsLoggedIn, useLoad } from 'shared-kernel';
import { getPacket, listPackets, openPacket, sendPacket, type RedPacket } from '../api/activities';
import { TEXTS } from '../texts';
import { sharePacket } from '../ui/share';
import { formatTime, LoadError, Loading, PageFrame } from '../ui/Status';

const ROUTE = 'activity.redPackets';
const t = TEXTS.packets;

/** A packet someone shared (?packet=id): who sent it, what is left, and the 拆 button. */
function SharedPacket({ id, onOpened }: { id: string; onOpened: () => void }) {
  const loggedIn = useIsLoggedIn();
  const loaded = useLoad(`packet:${id}`, () => getPacket(id));
  const [opened, setOpened] = useState<RedPacket | null>(null);
  const [busy, setBusy] = useState(false);
  const p = opened ?? loaded.data;
  if (loaded.error) return <LoadError error={loaded.error} onRetry={loaded.reload} />;
  if (!p) return <Loading />;
  const open = async () => {
    if (!loggedIn) return emit('auth:login-required', { reason: 'required' });
    setBusy(true);
    try {
      const answer = await openPacket(p.id);
      setOpened(answer.packet);
      toastSuccess(answer.message);
      onOpened();
    } catch {
      loaded.reload();
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="ac-card ac-packet" aria-label={t.sharedHeading} data-testid="shared-packet">
      <p className="ac-muted">{t.from(p.sender)}</p>
      <h2 className="ac-h2">{p.title}</h2>
      {p.my_coins !== null ? (
        <p className="ac-packet-amount" data-testid="my-share">{t.opened(p.my_coins)}</p>
      ) : p.state === 'open' ? (
        <button type="button" className="ac-open" disabled={busy} onClick={open}>{t.open}</button>
      ) : (
        <p className="ac-packet-amount">{p.state_label}</p>
      )}
      <p className="ac-muted">{t.left(p.remaining_shares, p.shares)} · {t.expires} {formatTime(p.expire_time)}</p>
    </section>
  );
}

function PacketRow({ p, box }: { p: RedPacket; box: 'received' | 'sent' }) {
  return (
    <li className="ac-row" data-testid="packet">
      <span className="ac-row-main">
        <span className="ac-row-title">{p.title}</span>
        <br />
        <span className="ac-muted">
          {box === 'received' ? t.from(p.sender) : `${TEXTS.coins(p.total_coins)} · ${t.left(p.remaining_shares, p.shares)} · ${p.state_label}`}
          {p.returned_coins > 0 ? ` · ${t.returned(p.returned_coins)}` : ''}
        </span>
      </span>
      {box === 'received' ? (
        <span className="ac-plus">+{TEXTS.coins(p.my_coins ?? 0)}</span>
      ) : p.state === 'open' ? (
        <button type="button" className="ac-btn" onClick={() => void sharePacket(p)}>{t.share}</button>
      ) : null}
    </li>
  );
}

function Packets({ box }: { box: 'received' | 'sent' }) {
  const list = useInfiniteList<RedPacket>({ fetchPage: (page, signal) => listPackets(box, page, signal), key: `packets:${box}`, route: ROUTE });
  const empty = list.status === 'done' && list.items.length === 0;
  return (
    <>
      {empty ? (
        <p className="ac-empty ac-muted">{box === 'received' ? t.emptyReceived : t.emptySent}</p>
      ) : (
        <ul className="ac-list">{list.items.map((p) => <PacketRow key={p.id} p={p} box={box} />)}</ul>
      )}
      <ListFooter list={list} />
    </>
  );
}

/** Sending a packet from my available coins; then its share button. */
function SendForm({ onSent }: { onSent: () => void }) {
  const [title, setTitle] = useState('');
  const [total, setTotal] = useState('');
  const [shares, setShares] = useState('');
  const [hours, setHours] = useState('24');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<RedPacket | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const totalCoins = Number(total);
    const count = Number(shares);
    const problem = !/^\d+$/.test(total) || totalCoins < 1 ? t.badTotal : !/^\d+$/.test(shares) || count < 1 || count > 10000 ? t.badShares : totalCoins < count ? t.tooMany : null;
    setError(problem);
    if (problem) return;
    setBusy(true);
    try {
      const packet = await sendPacket({ title: title.trim() || t.titlePlaceholder, total_coins: totalCoins, shares: count, expire_hours: Math.min(168, Math.max(1, Number(hours) || 24)) });
      setSent(packet);
      toastSuccess(t.sentToast);
      onSent();
    } catch {
      // the kernel has shown the answer's message
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="ac-card" aria-labelledby="ac-send-title">
      <h2 id="ac-send-title" className="ac-h2">{t.sendHeading}</h2>
      <form className="ac-form" noValidate onSubmit={submit}>
        <label>{t.title}<input className="ac-input" value={title} maxLength={50} placeholder={t.titlePlaceholder} onChange={(e) => setTitle(e.target.value)} /></label>
        <label>{t.total}<input className="ac-input" inputMode="numeric" value={total} onChange={(e) => setTotal(e.target.value.replace(/\D/g, ''))} /></label>
        <label>{t.shares}<input className="ac-input" inputMode="numeric" value={shares} onChange={(e) => setShares(e.target.value.replace(/\D/g, ''))} /></label>
        <label>{t.hours}<input className="ac-input" inputMode="numeric" value={hours} onChange={(e) => setHours(e.target.value.replace(/\D/g, ''))} /></label>
        {error && <p className="ac-error" role="alert">{error}</p>}
        <button type="submit" className="ac-btn ac-red" disabled={busy}>{t.send}</button>
      </form>
      {sent && (
        <div className="ac-actions">
          <button type="button" className="ac-btn ac-primary" onClick={() => void sharePacket(sent)}>{t.share}</button>
        </div>
      )}
    </section>
  );
}

/** activity/home_page1 (我的红包): a shared packet to open, the packets I received and sent, sending one. */
export default function RedPacketsPage() {
  const [params] = useSearchParams();
  const shared = params.get('packet');
  const loggedIn = useIsLoggedIn();
  const [box, setBox] = useState<'received' | 'sent'>('received');
  const [round, setRound] = useState(0);
  return (
    <PageFrame route={ROUTE}>
      {shared && /^\d+$/.test(shared) && <SharedPacket id={shared} onOpened={() => { setBox('received'); setRound((r) => r + 1); }} />}
      {!loggedIn ? (
        <div className="ac-card ac-empty">
          <p className="ac-muted">{t.login}</p>
          <button type="button" className="ac-btn ac-primary" onClick={() => emit('auth:login-required', { reason: 'required' })}>{TEXTS.detail.login}</button>
        </div>
      ) : (
        <div className="ac-grid">
          <section className="ac-card" aria-label={box === 'received' ? t.received : t.sent}>
            <div className="ac-tabs" role="tablist">
              {(['received', 'sent'] as const).map((b) => (
                <button key={b} type="button" role="tab" className="ac-tab" aria-selected={box === b} onClick={() => setBox(b)}>
                  {b === 'received' ? t.received : t.sent}
                </button>
              ))}
            </div>
            <Packets key={`${box}:${round}`} box={box} />
          </section>
          <SendForm onSent={() => { setBox('sent'); setRound((r) => r + 1); }} />
        </div>
      )}
    </PageFrame>
  );
}
