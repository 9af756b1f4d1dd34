import { isAxiosError } from 'axios';
import { useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { errorMessageOf, goTo, routePath, toastSuccess, useLoad } from 'shared-kernel';
import { BLOG_STATUS, getMyBlog, listCategories, submitBlog, type MyBlog, type UploadCategory } from '../../blogs/api';
import { Attachments } from '../../blogs/Attachments';
import { ConflictDialog } from '../../blogs/ConflictDialog';
import { MarkdownEditor } from '../../blogs/editor/MarkdownEditor';
import { dropLocalCopy } from '../../blogs/local-copy';
import { MetaFields } from '../../blogs/MetaFields';
import { ensureBlogStyles } from '../../blogs/styles';
import { BLOG_TEXTS } from '../../blogs/texts';
import { useAutosave, type SaveState } from '../../blogs/use-autosave';
import { LoadError, Loading, PageFrame } from '../../ui/Status';

const t = BLOG_TEXTS;

function saveText(state: SaveState, savedAt: Date | null, message: string): string {
  switch (state) {
    case 'saving':
      return t.save.saving;
    case 'saved':
      return savedAt ? t.save.saved(savedAt.toLocaleTimeString('zh-CN', { hour: '2-digit', minute: '2-digit', second: '2-digit' })) : '';
    case 'dirty':
      return t.save.dirty;
    case 'offline':
      return t.save.offline;
    case 'failed':
      return t.save.failed(message);
    case 'conflict':
      return t.save.conflict;
    case 'needCategory':
      return t.save.needCategory;
    default:
      return '';
  }
}

function Writer({ blog, categories, onCreated }: { blog: MyBlog | null; categories: UploadCategory[]; onCreated: (id: number) => void }) {
  const draft = useAutosave(blog, categories[0]?.id, onCreated);
  const [publishing, setPublishing] = useState(false);
  const [error, setError] = useState('');
  const publish = async () => {
    setError('');
    setPublishing(true);
    try {
      const id = await draft.flush();
      if (id === null) return;
      const done = await submitBlog(id);
      draft.setStatus(done.status);
      dropLocalCopy(id);
      toastSuccess(t.actions.published);
      goTo('user.blogs.list');
    } catch (e) {
      const fields = isAxiosError(e) ? (e.response?.data as { errors?: Record<string, string[]> })?.errors : undefined;
      setError(fields ? Object.values(fields).flat().join('；') : errorMessageOf(e));
    } finally {
      setPublishing(false);
    }
  };
  const resubmit = draft.status !== BLOG_STATUS.draft;
  return (
    <>
      {blog?.status === BLOG_STATUS.rejected && blog.reject_reason && (
        <p className="uc-card ucb-reason" role="note">{t.list.reason}{blog.reject_reason}</p>
      )}
      {draft.restored && draft.state !== 'conflict' && <p className="ucb-restored" role="status">{t.save.restored}</p>}
      <section className="uc-card">
        <MetaFields fields={draft.fields} categories={categories} onChange={draft.change} />
        <MarkdownEditor value={draft.fields.content} onChange={(content) => draft.change({ content })} onComposing={draft.setComposing} />
        <div className="ucb-footer">
          <p className="uc-small uc-muted ucb-save" role="status" aria-live="polite" data-state={draft.state}>{saveText(draft.state, draft.savedAt, draft.message)}</p>
          {error && <p className="ucd-field-error" role="alert">{error}</p>}
          <div className="uc-actions">
            <button type="button" className="uc-btn uc-primary" disabled={publishing || draft.state === 'conflict'} onClick={() => void publish()}>
              {publishing ? t.actions.publishing : resubmit ? t.actions.resubmit : t.actions.publish}
            </button>
            <Link className="uc-link" to={routePath('user.blogs.list')}>{t.actions.list}</Link>
          </div>
        </div>
      </section>
      <Attachments blogId={draft.id} />
      {draft.conflict && <ConflictDialog mine={draft.fields} theirs={draft.conflict} onChoose={(c) => draft.resolve(c, t.conflict.separator)} />}
    </>
  );
}

/** user/blogs/write and user/blogs/edit/{id}: the Markdown editor with its preview, autosaved drafts, publish. */
export default function WritePage() {
  ensureBlogStyles();
  const { id } = useParams();
  const route = id ? 'user.blogs.edit' : 'user.blogs.write';
  // the post this page's editor created: its new address (edit/{id}) keeps the editor and its text as they are
  const created = useRef<string | null>(null);
  const load = id && id !== created.current ? id : null;
  const loaded = useLoad(`blog-write:${load ?? 'new'}`, async () => {
    const [categories, blog] = await Promise.all([listCategories(), load ? getMyBlog(load) : Promise.resolve(null)]);
    return { categories, blog };
  });
  return (
    <PageFrame route={route}>
      {loaded.error ? <LoadError error={loaded.error} onRetry={loaded.reload} /> : !loaded.data ? <Loading /> : (
        <Writer key={load ?? 'new'} blog={loaded.data.blog} categories={loaded.data.categories} onCreated={(n) => (created.current = String(n))} />
      )}
    </PageFrame>
  );
}
