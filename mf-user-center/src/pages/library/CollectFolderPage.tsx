import { useEffect } from 'react';
import { Link, useParams } from 'react-router-dom';
import { routePath, setWxShareCard, useLoad, useUser } from 'shared-kernel';
import { getFolder } from '../../library/api';
import { FolderItems } from '../../library/FolderItems';
import { copyLink, shareAndCopy } from '../../library/share';
import { ensureLibraryStyles } from '../../library/styles';
import { LIB_TEXTS } from '../../library/texts';
import { LoadError, Loading, PageFrame } from '../../ui/Status';

const ROUTE = 'user.collect.folder';
const t = LIB_TEXTS.folders;

/** user/collect/folder/{id} (public): a public folder's items for anyone; a private one answers 404 to others. */
export default function CollectFolderPage() {
  ensureLibraryStyles();
  const { id = '' } = useParams();
  const folder = useLoad(`folder:${id}`, () => getFolder(id));
  const user = useUser();
  const f = folder.data;
  // in WeChat, sharing the page from the menu sends a card of the folder (nothing happens elsewhere)
  useEffect(() => {
    if (f?.is_public) void setWxShareCard({ title: f.name, link: window.location.href.split('#')[0] });
  }, [f]);
  return (
    <PageFrame route={ROUTE}>
      {folder.error ? (
        <LoadError error={folder.error} onRetry={folder.reload} />
      ) : !f ? (
        <Loading />
      ) : (
        <section className="uc-card" aria-labelledby="ucl-folder-title">
          <div className="ucl-head">
            <h2 id="ucl-folder-title">{f.name}</h2>
            <span className="ucl-actions">
              <span className="uc-small uc-muted">{t.count(f.item_count)}</span>
              {f.is_public && <button type="button" className="uc-link" onClick={() => void (user?.uid ? shareAndCopy('folder', f.id) : copyLink(window.location.href))}>{t.shareLink}</button>}
              {user?.uid && <Link className="uc-link" to={routePath('user.collect.list')}>{t.manage}</Link>}
            </span>
          </div>
          <FolderItems folderId={f.id} route={ROUTE} />
        </section>
      )}
    </PageFrame>
  );
}
