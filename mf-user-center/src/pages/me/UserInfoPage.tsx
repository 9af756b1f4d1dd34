import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { routePath, useLoad, useUser } from 'shared-kernel';
import { getUser, type UserInfoAnswer } from '../../me/api';
import { ME_TEXTS } from '../../me/texts';
import { Avatar, genderText, LevelBadge, MePage } from '../../me/ui';
import { LoadError, Loading } from '../../ui/Status';
import { ProfileEditor } from './ProfileEditor';
import { MyLinks, MyStats, useUserLists, UserLists } from './UserSections';

const ROUTE = 'user.info';
const w = ME_TEXTS.welcome;

function ProfileCard({ info, onEdit }: { info: UserInfoAnswer; onEdit?: () => void }) {
  return (
    <section className="uc-card me-profile" aria-label={info.nickname}>
      <Avatar url={info.avatar} nickname={info.nickname} />
      <div className="me-who">
        <h2 className="me-name" data-testid="nickname">{info.nickname}</h2>
        <div className="me-badges">
          <LevelBadge level={info.level} gender={info.gender} />
          <span className="me-tag">{genderText(info.gender)}</span>
        </div>
        <p className={info.intro ? 'me-intro' : 'me-intro uc-muted'}>{info.intro || ME_TEXTS.noIntro}</p>
        {onEdit && <button type="button" className="uc-btn" style={{ marginTop: 8 }} onClick={onEdit}>{ME_TEXTS.profile.edit}</button>}
      </div>
    </section>
  );
}

/** The first visit after registering: set a nickname and an avatar, and see what the site offers. */
function Welcome({ info, onDone }: { info: UserInfoAnswer; onDone: (info: UserInfoAnswer | null) => void }) {
  return (
    <section className="uc-card me-welcome" aria-labelledby="me-welcome-title" data-testid="welcome">
      <h2 id="me-welcome-title">{w.title}</h2>
      <p className="uc-muted">{w.lead}</p>
      <ProfileEditor info={info} compact submitText={w.done} onSaved={onDone} onCancel={() => onDone(null)} />
      <h3 className="uc-h2" style={{ marginTop: 20 }}>{w.canDo}</h3>
      <ul className="me-can">
        {w.things.map(([title, text]) => (
          <li key={title}><strong>{title}</strong><span className="uc-muted uc-small">{text}</span></li>
        ))}
      </ul>
      <div className="uc-actions"><Link className="uc-link" to={routePath('home')}>{w.search}</Link></div>
    </section>
  );
}

/** My page: welcome or editor when asked, my card, counts, first lists and every link. */
function MyPage({ loaded, fromReg }: { loaded: UserInfoAnswer; fromReg: boolean }) {
  const [info, setInfo] = useState(loaded);
  const [mode, setMode] = useState<'view' | 'edit' | 'welcome'>(fromReg ? 'welcome' : 'view');
  const [, setParams] = useSearchParams();
  const lists = useUserLists(info.uid);
  const finish = (next: UserInfoAnswer | null) => {
    if (next) setInfo(next);
    setMode('view');
    if (fromReg) setParams({}, { replace: true }); // a reload does not greet again
  };
  return (
    <>
      {mode === 'welcome' && <Welcome info={info} onDone={finish} />}
      {mode === 'edit' ? (
        <section className="uc-card" aria-labelledby="me-edit-title">
          <h2 id="me-edit-title" className="uc-h2">{ME_TEXTS.profile.editTitle}</h2>
          <ProfileEditor info={info} onSaved={finish} onCancel={() => setMode('view')} />
        </section>
      ) : (
        <ProfileCard info={info} onEdit={() => setMode('edit')} />
      )}
      <MyStats lists={lists} />
      <UserLists lists={lists} mine />
      <MyLinks />
    </>
  );
}

function PublicPage({ info }: { info: UserInfoAnswer }) {
  const lists = useUserLists(info.uid);
  return (
    <>
      <ProfileCard info={info} />
      <UserLists lists={lists} mine={false} />
    </>
  );
}

/** user/info/{id}: id 0 (or my own id) is my page; another id someone's public page; from_reg=true greets. */
export default function UserInfoPage() {
  const { id = '0' } = useParams();
  const [params] = useSearchParams();
  const user = useUser();
  const uid = /^\d{1,15}$/.test(id) ? Number(id) : -1;
  const mine = uid === 0 || (!!user && uid === user.uid);
  const info = useLoad(uid < 0 ? null : `user:${mine ? 0 : uid}`, () => getUser(mine ? 0 : uid));
  let body;
  if (uid < 0) body = <p className="uc-card uc-empty uc-muted" role="alert">{ME_TEXTS.notFound}</p>;
  else if (info.error) body = <LoadError error={info.error} onRetry={info.reload} />;
  else if (!info.data) body = <Loading />;
  else body = mine ? <MyPage loaded={info.data} fromReg={params.get('from_reg') === 'true'} /> : <PublicPage info={info.data} />;
  return <MePage route={ROUTE}>{body}</MePage>;
}
