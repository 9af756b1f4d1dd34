import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { errorMessageOf, routePath, useServerData, useUser } from 'shared-kernel';
import { downloadDoc, getDoc, getDocQuota, getDocShareSign, getRecommend, type DocDetail } from '../api/documents';
import { CommentSection } from '../comments/CommentSection';
import { ActionBar } from '../detail/ActionBar';
import { formatDate } from '../detail/download';
import { DocFacts, DocIconBadge, DocRow, Stars } from '../detail/DocParts';
import { DocPreview } from '../detail/DocPreview';
import { DownloadBox } from '../detail/DownloadBox';
import { DetailState, useDetailStyles } from '../detail/layout';
import { cancelPendingLogin } from '../detail/require-login';
import { useWide } from '../detail/use-wide';
import { describe, docJsonLd, Head, useOrigin } from '../seo/head';
import { useFetch } from '../ui/use-fetch';

/** articles/docs/detail/{id}: the document, its preview, download, favourite, share, complaint, comments. */
export default function DocDetailPage() {
  useDetailStyles();
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const sign = search.get('sign') ?? undefined;
  const user = useUser();
  const wide = useWide();
  const served = useServerData(`doc:${id}`, () => getDoc(id));
  const [doc, setDoc] = useState<DocDetail | null>(served?.data ?? null);
  const [error, setError] = useState<{ status?: number; message: string } | null>(served?.error ?? null);
  const origin = useOrigin();

  // Reloaded on login or logout: is_collected, is_purchased and the history depend on who reads. A page that came
  // as HTML has the visitor's answer already: it is fetched again only for a signed-in reader.
  const servedFirst = useRef(!!served);
  useEffect(() => {
    if (servedFirst.current) {
      servedFirst.current = false;
      if (!user) return;
    }
    let live = true;
    setError(null);
    getDoc(id).then(
      (d) => live && setDoc(d),
      (e: unknown) => live && setError({ status: (e as { response?: { status: number } }).response?.status, message: errorMessageOf(e) }),
    );
    return () => {
      live = false;
    };
  }, [id, user?.uid]);
  useEffect(() => cancelPendingLogin, [id]);

  const quota = useCallback(() => getDocQuota(id), [id, user?.uid]); // eslint-disable-line react-hooks/exhaustive-deps
  const download = useCallback(() => downloadDoc(id, sign), [id, sign]);
  const shareSign = useCallback(() => getDocShareSign(id), [id]);
  // the sections under the preview wait for it to have its height (a text preview grows when its page arrives)
  // (a page that came as HTML has its preview's first page in it)
  const [previewShownFor, setPreviewShownFor] = useState<string | null>(served ? id : null);
  const previewShown = previewShownFor === id;
  const onPreviewShown = useCallback(() => setPreviewShownFor(id), [id]);

  if (error) return <DetailState notFound={error.status === 404 || error.status === 400} message={error.message} kind="文档" />;
  if (!doc || String(doc.id) !== id) return <DetailState loading kind="文档" />;
  const head = (
    <Head
      title={doc.title}
      description={describe(doc.summary || `${doc.title}，${doc.category.name}分类下的 ${doc.file_type.toUpperCase()} 文档，共 ${doc.pages} 页。`)}
      ogType="article"
      jsonLd={docJsonLd(doc, origin)}
    />
  );

  const downloadBox = (
    <DownloadBox key={`${id}:${user?.uid ?? 0}`} quota={quota} download={download} owned={doc.is_owner || doc.is_purchased} known={doc} />
  );
  return (
    <main className="dt-page" data-page="doc-detail">
      {head}
      <nav className="dt-crumbs" aria-label="当前位置">
        <Link to="/">首页</Link>
        {doc.category_path.map((c) => (
          <span key={c.id}>
            <span aria-hidden="true"> › </span>
            <Link to={routePath('articles.docs.list', { id: c.id })}>{c.name}</Link>
          </span>
        ))}
      </nav>
      <div className="dt-layout">
        <div className="dt-main">
          <header className="dt-card dt-head">
            <DocIconBadge extCate={doc.ext_cate} active={doc.active} />
            <div className="dt-head-main">
              <h1 className="dt-title">{doc.title}</h1>
              <div className="dt-byline">
                <span>
                  上传者 <strong>{doc.uploader.nickname || '匿名用户'}</strong>
                </span>
                <span>{formatDate(doc.create_time)}</span>
                <span>
                  分类 <Link to={routePath('articles.docs.list', { id: doc.category.id })}>{doc.category.name}</Link>
                </span>
                {doc.active !== 1 && <span className="dt-status">{doc.status_text}</span>}
              </div>
              <div className="dt-rating-row">
                <Stars rating={doc.rating} />
                <span className={doc.is_free ? 'dt-tag dt-tag-free' : 'dt-tag dt-tag-paid'}>{doc.is_free ? '免费' : '付费'}</span>
              </div>
            </div>
            <DocFacts doc={doc} />
          </header>
          {doc.summary && (
            <section className="dt-card dt-summary" aria-label="简介">
              <h2 className="dt-section-title">文档简介</h2>
              <p>{doc.summary}</p>
            </section>
          )}
          <ActionBar
            kind="docs"
            id={doc.id}
            collected={doc.is_collected}
            collectCount={doc.collect_count}
            onCollected={(collected) =>
              setDoc((d) => d && { ...d, is_collected: collected, collect_count: Math.max(0, d.collect_count + (collected ? 1 : -1)) })
            }
            shareSign={shareSign}
          />
          {!wide && <section className="dt-card dt-side-download">{downloadBox}</section>}
          <DocPreview id={id} preview={doc.preview} title={doc.title} firstPageText={doc.first_page_text} onShown={onPreviewShown} />
          {previewShown && <CommentSection key={user?.uid ?? 0} kind="docs" id={id} mode="section" />}
        </div>
        <aside className="dt-side">
          {wide && (
            <section className="dt-card dt-side-download" aria-label="下载">
              <h2 className="dt-section-title">下载文档</h2>
              {downloadBox}
            </section>
          )}
          {(wide || previewShown) && <Recommend id={id} />}
        </aside>
      </div>
    </main>
  );
}

function Recommend({ id }: { id: string }) {
  const recommend = useFetch(() => getRecommend(id), [id], `doc-recommend:${id}`);
  const docs = (recommend.data?.results ?? []).filter((d) => String(d.id) !== id);
  if (docs.length === 0) return null;
  return (
    <section className="dt-card dt-recommend" aria-labelledby="dt-recommend-title">
      <h2 id="dt-recommend-title" className="dt-section-title">
        相关推荐
      </h2>
      <ul className="dt-doc-list">
        {docs.map((d) => (
          <DocRow key={d.id} doc={d} />
        ))}
      </ul>
    </section>
  );
}
