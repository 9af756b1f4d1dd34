import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { ListFooter, routePath, useInfiniteList } from 'shared-kernel';
import { listMyDocs, type MyDocGroup, type MyDoc } from '../api/docs';
import { DocRow } from './DocRow';
import { isFinal, watchProgress } from './progress';
import { DOCS_TEXTS } from './texts';

interface Props {
  route: string;
  group: MyDocGroup;
  search?: string;
  /** What an empty list says. */
  empty?: string;
}

/** My documents of one group (or matching a search), page by page; a deleted one leaves, a retried one changes. */
export function MyDocsList({ route, group, search = '', empty = DOCS_TEXTS.list.empty }: Props) {
  const fetchPage = useCallback((page: number, signal: AbortSignal) => listMyDocs({ status: group, search, page }, signal), [group, search]);
  const list = useInfiniteList<MyDoc>({ fetchPage, key: `my-docs:${group}:${search}`, route });
  const [changed, setChanged] = useState<Map<number, MyDoc | null>>(new Map());
  const items = list.items.map((doc) => (changed.has(doc.id) ? changed.get(doc.id)! : doc)).filter((doc): doc is MyDoc => doc !== null);
  const change = (id: number, doc: MyDoc | null) => setChanged((m) => new Map(m).set(id, doc));
  const shown = useRef(items);
  shown.current = items;
  // the rows still converting move on by themselves: one stream for them
  // (a stream takes at most 50 ids)
  const converting = items.filter((d) => !isFinal(d.status)).slice(0, 50).map((d) => d.id).join(',');
  useEffect(() => {
    if (!converting) return;
    return watchProgress(converting.split(',').map(Number), (p) => {
      const doc = shown.current.find((d) => d.id === p.id);
      if (doc) setChanged((m) => new Map(m).set(p.id, { ...doc, ...p }));
    });
  }, [converting]);
  return (
    <>
      {list.status === 'done' && items.length === 0 ? (
        <div className="uc-empty">
          <p className="uc-muted">{empty}</p>
          <Link className="uc-btn uc-primary" to={routePath('user.docs.upload')}>{DOCS_TEXTS.list.upload}</Link>
        </div>
      ) : (
        <ul className="ucd-docs">
          {items.map((doc) => <DocRow key={doc.id} doc={doc} onChange={(next) => change(doc.id, next)} />)}
        </ul>
      )}
      <ListFooter list={list} />
    </>
  );
}
