import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { clearUser, errorMessageOf, navigate, toastError, toastSuccess, useLoad } from 'shared-kernel';
import { formatTime } from '../../coins/format';
import { listDevices, listHistory, signOutDevice, signOutOthers, type LoginDevice, type LoginHistoryItem } from '../../settings/api';
import { SettingsFrame } from '../../settings/frame';
import { S } from '../../settings/texts';
import { LoadError, Loading } from '../../ui/Status';

const T = S.devices;

function Device({ device, onOut }: { device: LoginDevice; onOut: (d: LoginDevice) => void }) {
  return (
    <li className="st-device" data-testid="device">
      <div className="st-device-main">
        <strong>{device.device}</strong>
        {device.current && <span className="st-badge">{T.current}</span>}
        <div className="uc-muted uc-small">
          {T.lastActive} {formatTime(device.last_active_time)} · {T.loginAt} {formatTime(device.create_time)}
        </div>
        <div className="uc-muted uc-small">{T.ip} {device.ip || '—'} · {S.loginTypes[device.login_type] ?? ''}</div>
      </div>
      {!device.current && (
        <button type="button" className="st-mini st-warn" onClick={() => onOut(device)}>{T.signOut}</button>
      )}
    </li>
  );
}

/** The live sessions, this one marked; sign one out, or every other one. */
function Devices() {
  const devices = useLoad('devices', listDevices);
  const act = async (confirmText: string, action: () => Promise<string>) => {
    if (!window.confirm(confirmText)) return;
    try {
      toastSuccess(await action());
      devices.reload();
    } catch (error) {
      toastError(errorMessageOf(error));
    }
  };
  const one = (d: LoginDevice) =>
    act(T.confirmOne, async () => {
      await signOutDevice(d.id);
      return T.signedOut;
    });
  const others = () => act(T.confirmOthers, async () => (await signOutOthers()).detail);
  const gone = devices.data !== null && !devices.data.some((d) => d.current);
  useEffect(() => {
    // this session is gone (signed out on another device): the page is a visitor's now
    if (!gone) return;
    clearUser();
    navigate('/');
  }, [gone]);
  if (devices.error) return <LoadError error={devices.error} onRetry={devices.reload} />;
  if (!devices.data) return <Loading />;
  const hasOthers = devices.data.some((d) => !d.current);
  return (
    <>
      <ul className="st-list">{devices.data.map((d) => <Device key={d.id} device={d} onOut={(x) => void one(x)} />)}</ul>
      {hasOthers ? (
        <button type="button" className="st-submit st-danger" onClick={() => void others()}>{T.signOutOthers}</button>
      ) : (
        <p className="uc-muted">{T.none}</p>
      )}
    </>
  );
}

function HistoryRow({ item }: { item: LoginHistoryItem }) {
  const what = item.action === 'login' ? `${S.events.login} · ${S.loginTypes[item.login_type] ?? ''}` : S.events[item.action] ?? item.action;
  return (
    <li className="st-device" data-testid="history">
      <div className="st-device-main">
        <strong>{what}</strong>
        <div className="uc-muted uc-small">{formatTime(item.create_time)} · {item.device}</div>
      </div>
      <span className="uc-muted uc-small">{T.ip} {item.ip || '—'}</span>
    </li>
  );
}

/** Every login and every security change, newest first, a page at a time. */
function History() {
  const [pages, setPages] = useState(1);
  const [items, setItems] = useState<LoginHistoryItem[]>([]);
  const [more, setMore] = useState(false);
  const page = useLoad(`history-${pages}`, async () => {
    const answer = await listHistory(pages);
    setItems((prev) => (pages === 1 ? answer.results : [...prev, ...answer.results]));
    setMore(answer.next !== null);
    return answer;
  });
  if (page.error && !items.length) return <LoadError error={page.error} onRetry={page.reload} />;
  if (!page.data && !items.length) return <Loading />;
  return (
    <>
      {items.length ? <ul className="st-list">{items.map((i) => <HistoryRow key={i.id} item={i} />)}</ul> : <p className="uc-muted">{T.empty}</p>}
      {more ? (
        <button type="button" className="st-mini" disabled={page.loading} onClick={() => setPages(pages + 1)}>{T.more}</button>
      ) : (
        items.length > 0 && <p className="uc-muted uc-small">{T.end}</p>
      )}
    </>
  );
}

/** user/setting/account/devices: the login devices, and the login history as its second tab (?tab=history). */
export default function DevicesPage() {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'history' ? 'history' : 'devices';
  return (
    <SettingsFrame route="user.setting.account.devices">
      <section className="uc-card">
        <div className="st-tabs" role="tablist">
          {(['devices', 'history'] as const).map((k) => (
            <button key={k} type="button" role="tab" aria-selected={tab === k} className={`st-tab${tab === k ? ' st-on' : ''}`} onClick={() => setParams(k === 'history' ? { tab: k } : {}, { replace: true })}>
              {k === 'devices' ? T.tabDevices : T.tabHistory}
            </button>
          ))}
        </div>
        <div role="tabpanel">{tab === 'devices' ? <Devices /> : <History />}</div>
      </section>
    </SettingsFrame>
  );
}
