import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { toastSuccess, useLoad } from 'shared-kernel';
import { listFolders, updateFolder, type CollectFolder } from '../../library/api';
import { FolderItems } from '../../library/FolderItems';
import { CreateFolder, DeleteFolder, RenameFolder } from '../../library/FolderForms';
import { shareAndCopy } from '../../library/share';
import { SharesCard } from '../../library/SharesCard';
import { ensureLibraryStyles } from '../../library/styles';
import { LIB_TEXTS } from '../../library/texts';
import { LoadError, Loading, PageFrame } from '../../ui/Status';

const ROUTE = 'user.collect.list';
const t = LIB_TEXTS.folders;

function FolderNav({ folders, current, onPick }: { folders: CollectFolder[]; current: number; onPick: (id: number) => void }) {
  if (!folders.length) return <p className="uc-muted">{t.noFolders}</p>;
  return (
    <ul className="ucl-folders" aria-label={t.heading}>
      {folders.map((f) => (
        <li key={f.id}>
          <button type="button" className="ucl-folder" aria-current={f.id === current} onClick={() => onPick(f.id)}>
            <span className="ucl-folder-name">{f.name}</span>
            {f.is_public && <span className="ucl-tag">{t.public}</span>}
            <span className="uc-small uc-muted">{t.count(f.item_count)}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

type Mode = 'view' | 'rename' | 'delete';

/** The chosen folder: its name and state, what can be done with it, and its items. */
function FolderPanel({ folder, folders, onChanged, onDeleted }: { folder: CollectFolder; folders: CollectFolder[]; onChanged: () => void; onDeleted: () => void }) {
  const [mode, setMode] = useState<Mode>('view');
  const others = folders.filter((f) => f.id !== folder.id);
  const togglePublic = async () => {
    try {
      const next = await updateFolder(folder.id, { is_public: !folder.is_public });
      toastSuccess(next.is_public ? t.nowPublic : t.nowPrivate);
      onChanged();
    } catch {
      /* the kernel's toast said why */
    }
  };
  return (
    <section className="uc-card" aria-labelledby="ucl-folder-title" data-testid="folder-panel">
      <div className="ucl-head">
        <h2 id="ucl-folder-title">
          {folder.name} <span className="ucl-tag">{folder.is_public ? t.public : t.private}</span>
        </h2>
        <span className="ucl-actions">
          {!folder.is_default && <button type="button" className="uc-link" onClick={() => setMode('rename')}>{t.rename}</button>}
          <button type="button" className="uc-link" onClick={() => void togglePublic()}>{folder.is_public ? t.makePrivateAction : t.makePublicAction}</button>
          {folder.is_public && <button type="button" className="uc-link" onClick={() => void shareAndCopy('folder', folder.id)}>{t.shareLink}</button>}
          {!folder.is_default && <button type="button" className="uc-link ucl-bad" onClick={() => setMode('delete')}>{t.delete}</button>}
        </span>
      </div>
      {mode === 'rename' && <RenameFolder folder={folder} onDone={(next) => { setMode('view'); if (next) onChanged(); }} />}
      {mode === 'delete' && <DeleteFolder folder={folder} others={others} onDone={(deleted) => (deleted ? onDeleted() : setMode('view'))} />}
      <FolderItems key={folder.id} folderId={folder.id} route={ROUTE} others={others} onChange={onChanged} />
    </section>
  );
}

/** user/collect/list: my folders (the chosen one in ?folder=), and the items of the chosen one. */
export default function CollectListPage() {
  ensureLibraryStyles();
  const [params, setParams] = useSearchParams();
  // a reload keeps the folders on screen (the same key) while it runs
  const folders = useLoad('folders', listFolders);
  const reload = folders.reload;
  const pick = (id: number) => setParams({ folder: String(id) }, { replace: true });
  const list = folders.data ?? [];
  const current = list.find((f) => String(f.id) === params.get('folder')) ?? list[0];
  return (
    <PageFrame route={ROUTE}>
      {folders.error ? (
        <LoadError error={folders.error} onRetry={folders.reload} />
      ) : !folders.data ? (
        <Loading />
      ) : (
        <div className="ucl-layout">
          <aside className="uc-card">
            <h2 className="uc-h2">{t.heading}</h2>
            <FolderNav folders={list} current={current?.id ?? 0} onPick={pick} />
            <CreateFolder onCreated={(f) => { pick(f.id); reload(); }} />
          </aside>
          {current && (
            <FolderPanel
              key={current.id}
              folder={current}
              folders={list}
              onChanged={reload}
              onDeleted={() => { setParams({}, { replace: true }); reload(); }}
            />
          )}
        </div>
      )}
      <SharesCard route={ROUTE} />
    </PageFrame>
  );
}
