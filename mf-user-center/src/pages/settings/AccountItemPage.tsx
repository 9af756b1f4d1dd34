import { useState } from 'react';
import { Link } from 'react-router-dom';
import { errorMessageOf, routePath, toastError, toastSuccess, useLoad } from 'shared-kernel';
import { apiErrorOf, listTrdAccounts, trdAuthorizeUrl, unbindTrd, type SelfUserInfo, type TrdAccount } from '../../settings/api';
import { DeleteAccount } from '../../settings/DeleteAccount';
import { SettingsFrame, useMe, WithMe } from '../../settings/frame';
import { needsProof, ProofStep } from '../../settings/proof';
import { S } from '../../settings/texts';

const T = S.item;

function Row({ label, value, children }: { label: string; value: string; children?: React.ReactNode }) {
  return (
    <li className="st-item">
      <span className="st-item-label">{label}</span>
      <span className="st-item-value">{value}</span>
      <span className="st-item-actions">{children}</span>
    </li>
  );
}

const to = (name: string) => routePath(name);

/** What is bound and what is not, each with the way to change it. */
function Bindings({ me }: { me: SelfUserInfo }) {
  return (
    <section className="uc-card" aria-label={S.hub.account}>
      <ul className="st-list">
        <Row label={T.mobile} value={me.mobile ?? S.notBound}>
          <Link className="st-mini" to={to(me.mobile ? 'user.setting.account.mobile' : 'user.setting.account.bindMobile')}>{me.mobile ? S.change : S.bind}</Link>
        </Row>
        <Row label={T.email} value={me.email ?? S.notBound}>
          {me.email ? (
            <>
              <Link className="st-mini" to={to('user.setting.account.changeEmail')}>{S.change}</Link>
              <Link className="st-mini" to={to('user.setting.account.unbindEmail')}>{S.unbind}</Link>
            </>
          ) : (
            <Link className="st-mini" to={to('user.setting.account.bindEmail')}>{S.bind}</Link>
          )}
        </Row>
        <Row label={T.password} value={me.has_password ? S.set : S.notSet}>
          <Link className="st-mini" to={to('user.setting.account.changePwd')}>{me.has_password ? S.modify : S.bind.replace('绑定', '设置')}</Link>
        </Row>
        <Row label={T.pwdProtection} value={me.has_pwd_protection ? S.set : S.notSet}>
          <Link className="st-mini" to={to('user.setting.account.pwdProtection')}>{me.has_pwd_protection ? S.modify : S.bind.replace('绑定', '设置')}</Link>
        </Row>
        <Row label={T.devices} value="">
          <Link className="st-mini" to={to('user.setting.account.devices')}>{S.hub.devices}</Link>
        </Row>
        <Row label={T.history} value="">
          <Link className="st-mini" to={`${to('user.setting.account.devices')}?tab=history`}>{S.hub.history}</Link>
        </Row>
      </ul>
    </section>
  );
}

const GROUPS = [
  { key: 'weixin', name: T.providers.weixin, matches: (p: string) => p.startsWith('weixin') },
  { key: 'alipay', name: T.providers.alipay, matches: (p: string) => p.startsWith('alipay') },
];

/** WeChat and Alipay: bind through the provider's page, unbind (never the last way in: the API says so). */
function ThirdParty({ me }: { me: SelfUserInfo }) {
  const accounts = useLoad('trd', listTrdAccounts);
  const [proving, setProving] = useState<(() => Promise<void>) | null>(null);
  const run = async (action: () => Promise<void>) => {
    try {
      await action();
    } catch (error) {
      if (needsProof(error)) setProving(() => action);
      else toastError(apiErrorOf(error).code === 'last_login_method' ? T.keepOne : errorMessageOf(error));
    }
  };
  const bind = (provider: string) => run(async () => window.location.assign(await trdAuthorizeUrl(provider)));
  const unbind = (account: TrdAccount, name: string) => {
    if (!window.confirm(T.confirmUnbind(name))) return;
    void run(async () => {
      await unbindTrd(account.provider);
      toastSuccess(T.unbound(name));
      accounts.reload();
    });
  };
  if (proving) {
    return <ProofStep mobile={me.mobile} hasPassword={me.has_password} onProved={() => { const again = proving; setProving(null); void run(again); }} />;
  }
  return (
    <section className="uc-card" aria-labelledby="st-trd-title">
      <h2 id="st-trd-title" className="uc-h2">{T.trd}</h2>
      <ul className="st-list">
        {GROUPS.map((g) => {
          const bound = (accounts.data ?? []).filter((a) => g.matches(a.provider));
          return (
            <Row key={g.key} label={g.name} value={!accounts.data ? (accounts.error ? S.loadFailed : S.loading) : bound.length ? bound.map((a) => a.nickname || S.bound).join('、') : S.notBound}>
              {bound.length
                ? bound.map((a) => (
                    <button key={a.id} type="button" className="st-mini st-warn" onClick={() => unbind(a, g.name)}>{S.unbind}</button>
                  ))
                : accounts.data && <button type="button" className="st-mini" onClick={() => void bind(g.key)}>{S.bind}</button>}
            </Row>
          );
        })}
      </ul>
    </section>
  );
}

/** user/setting/account/account-item: what is bound and what is not, third-party accounts, deleting the account. */
export default function AccountItemPage() {
  const me = useMe();
  return (
    <SettingsFrame route="user.setting.account.item" back={false}>
      <WithMe me={me}>
        {(info) => (
          <>
            <Bindings me={info} />
            <ThirdParty me={info} />
            <DeleteAccount me={info} />
          </>
        )}
      </WithMe>
    </SettingsFrame>
  );
}
