import { Link } from 'react-router-dom';
import { routePath, useLoad } from 'shared-kernel';
import type { CoinBalance, Page } from 'contracts';
import { getMyCoins, listUserBlogs, listUserDocs, listUserFolders, type BlogItem, type CollectFolder, type DocItem } from '../../me/api';
import { ME_TEXTS } from '../../me/texts';

const s = ME_TEXTS.stats;
const l = ME_TEXTS.links;

interface Lists {
  docs: Page<DocItem> | null;
  blogs: Page<BlogItem> | null;
  folders: Page<CollectFolder> | null;
}

/** Someone's documents, blogs and favourite folders (the public ones of others, all of mine). */
export function useUserLists(uid: number): Lists {
  const docs = useLoad(`docs:${uid}`, () => listUserDocs(uid));
  const blogs = useLoad(`blogs:${uid}`, () => listUserBlogs(uid));
  const folders = useLoad(`folders:${uid}`, () => listUserFolders(uid));
  return { docs: docs.data, blogs: blogs.data, folders: folders.data };
}

function Stat({ label, count, to }: { label: string; count: number | null | undefined; to: string }) {
  return (
    <Link className="me-stat" to={to} data-testid={`stat-${label}`}>
      <strong>{count ?? '–'}</strong>
      <span>{label}</span>
    </Link>
  );
}

/** My counts: uploads, writing, favourite folders, available coins, each a link to its page. */
export function MyStats({ lists }: { lists: Lists }) {
  const coins = useLoad<CoinBalance>('my-coins', getMyCoins);
  return (
    <section className="uc-card" aria-label={l.heading}>
      <div className="me-stats">
        <Stat label={s.uploads} count={lists.docs?.count} to={routePath('user.docs.list')} />
        <Stat label={s.blogs} count={lists.blogs?.count} to={routePath('user.blogs.list')} />
        <Stat label={s.folders} count={lists.folders?.count} to={routePath('user.collect.list')} />
        <Stat label={s.coins} count={coins.data?.available} to={routePath('user.coin.list')} />
      </div>
    </section>
  );
}

function MiniList<T extends { id: number }>({ title, page, empty, href, label, more }: {
  title: string;
  page: Page<T> | null;
  empty: string;
  href: (item: T) => string | null;
  label: (item: T) => string;
  more?: string;
}) {
  return (
    <section className="uc-card" aria-label={title}>
      <h2 className="uc-h2">{title}{page ? ` · ${page.count}` : ''}</h2>
      {page && page.results.length === 0 ? (
        <p className="uc-muted uc-small">{empty}</p>
      ) : (
        <ul className="me-mini">
          {(page?.results ?? []).map((item) => {
            const to = href(item);
            return <li key={item.id}>{to ? <Link to={to}>{label(item)}</Link> : label(item)}</li>;
          })}
        </ul>
      )}
      {more && page && page.count > 0 && <Link className="uc-link uc-small" to={more}>{s.more}</Link>}
    </section>
  );
}

/** The first documents, blogs and folders: with links to my own lists on my page, read-only on someone else's. */
export function UserLists({ lists, mine }: { lists: Lists; mine: boolean }) {
  return (
    <div className="me-lists">
      <MiniList title={mine ? l.uploads : s.publicUploads} page={lists.docs} empty={s.noUploads} label={(d) => d.title}
        href={(d) => routePath('articles.docs.detail', { id: d.id })} more={mine ? routePath('user.docs.list') : undefined} />
      <MiniList title={mine ? l.writing : s.publicBlogs} page={lists.blogs} empty={s.noBlogs} label={(b) => b.title}
        href={(b) => routePath('articles.blogs.detail', { id: b.id })} more={mine ? routePath('user.blogs.list') : undefined} />
      <MiniList title={mine ? l.favourites : s.publicFolders} page={lists.folders} empty={s.noFolders}
        label={(f) => `${f.name}（${s.items(f.item_count)}）`} href={() => (mine ? routePath('user.collect.list') : null)}
        more={mine ? routePath('user.collect.list') : undefined} />
    </div>
  );
}

const MY_LINKS: [string, string][] = [
  [l.settings, 'user.settingItems'],
  [l.uploads, 'user.docs.list'],
  [l.writing, 'user.blogs.list'],
  [l.favourites, 'user.collect.list'],
  [l.history, 'user.history.list'],
  [l.coins, 'user.coin.list'],
  [l.orders, 'user.pay.orderHistory'],
  [l.withdraw, 'user.pay.withdraw'],
  [l.invite, 'user.inviteCode'],
  [l.feedback, 'site.feedback'],
  [l.about, 'user.aboutItems'],
];

/** Everything a person looks after, one tap away. */
export function MyLinks() {
  return (
    <nav className="uc-card" aria-labelledby="me-links-title">
      <h2 id="me-links-title" className="uc-h2">{l.heading}</h2>
      <ul className="me-grid">
        {MY_LINKS.map(([label, route]) => (
          <li key={route}><Link to={routePath(route)}>{label}</Link></li>
        ))}
      </ul>
    </nav>
  );
}
