import { Link } from 'react-router-dom';
import { ListFooter, routePath, toast, useInfiniteList, useLoad } from 'shared-kernel';
import { getMyInviteCode, listInvitees, type Invitee, type MyInviteCode } from '../../invite/api';
import { INVITE_TEXTS as t } from '../../invite/texts';
import { formatTime } from '../../coins/format';
import { LoadError, Loading, PageFrame } from '../../ui/Status';

const ROUTE = 'user.inviteCode';

async function copy(text: string): Promise<void> {
  await navigator.clipboard?.writeText(text);
  toast(t.copied);
}

/** The system share sheet where there is one (phones), the link copied otherwise. */
async function share(code: MyInviteCode): Promise<void> {
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title: t.myCode, text: t.shareText(code.code), url: code.link });
      return;
    } catch {
      // cancelled: copy instead
    }
  }
  await copy(code.link);
}

function CodeCard({ code }: { code: MyInviteCode }) {
  return (
    <section className="uc-card" aria-labelledby="uc-invite-code">
      <h2 id="uc-invite-code" className="uc-h2">{t.myCode}</h2>
      <p data-testid="invite-code" style={{ fontSize: 32, fontWeight: 700, letterSpacing: 6, margin: '4px 0' }}>{code.code}</p>
      <p className="uc-muted uc-small">{t.codeHint}</p>
      <p className="uc-small">{t.reward(code.inviter_coins, code.invitee_coins)}</p>
      <img src={code.qr} alt={t.qrAlt} width={180} height={180} style={{ display: 'block', maxWidth: '100%', height: 'auto', imageRendering: 'pixelated' }} />
      <p className="uc-muted uc-small">{t.qrHint}</p>
      <p className="uc-small" style={{ overflowWrap: 'anywhere' }} data-testid="invite-link">{code.link}</p>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 10 }}>
        <button type="button" className="uc-btn uc-primary" onClick={() => void share(code)}>{t.share}</button>
        <button type="button" className="uc-btn" onClick={() => void copy(code.code)}>{t.copyCode}</button>
        <button type="button" className="uc-btn" onClick={() => void copy(code.link)}>{t.copyLink}</button>
        <Link className="uc-btn" to={routePath('activity.rules')}>{t.rules}</Link>
      </div>
    </section>
  );
}

function Stats({ code }: { code: MyInviteCode }) {
  const items: [string, string][] = [
    [t.stats.invited, t.people(code.invited)],
    [t.stats.rewarded, t.people(code.rewarded)],
    [t.stats.earned, t.coins(code.earned_coins)],
  ];
  return (
    <dl className="uc-card" style={{ display: 'grid', gridTemplateColumns: 'repeat(3,minmax(0,1fr))', gap: 8, textAlign: 'center' }}>
      {items.map(([label, value]) => (
        <div key={label} data-testid={`invite-${label}`}>
          <dt className="uc-muted uc-small">{label}</dt>
          <dd style={{ margin: 0, fontWeight: 600 }}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Invitees() {
  const list = useInfiniteList<Invitee>({ fetchPage: (page, signal) => listInvitees(page, signal), key: 'invitees', route: ROUTE });
  const empty = list.status === 'done' && list.items.length === 0;
  return (
    <section className="uc-card" aria-labelledby="uc-invitees">
      <h2 id="uc-invitees" className="uc-h2">{t.joined}</h2>
      {empty ? (
        <p className="uc-muted">{t.empty}</p>
      ) : (
        <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {list.items.map((p, i) => (
            <li key={`${p.create_time}-${i}`} data-testid="invitee" style={{ display: 'flex', justifyContent: 'space-between', gap: 12, padding: '10px 0', borderTop: i ? '1px solid var(--line,#e5e8ef)' : 0 }}>
              <span>
                {p.nickname}
                <br />
                <span className="uc-muted uc-small">{formatTime(p.create_time)} · {p.state_label}</span>
              </span>
              <span style={{ whiteSpace: 'nowrap', fontWeight: 600 }}>{p.coins > 0 ? `+${t.coins(p.coins)}` : '—'}</span>
            </li>
          ))}
        </ul>
      )}
      <ListFooter list={list} />
    </section>
  );
}

/** user/invite_code: my 5-digit code, its link and QR picture, who joined through me and what it earned. */
export default function InviteCodePage() {
  const code = useLoad('invite-code', getMyInviteCode);
  return (
    <PageFrame route={ROUTE}>
      {code.error ? <LoadError error={code.error} onRetry={code.reload} /> : !code.data ? <Loading /> : (
        <>
          <CodeCard code={code.data} />
          <Stats code={code.data} />
        </>
      )}
      <Invitees />
    </PageFrame>
  );
}
