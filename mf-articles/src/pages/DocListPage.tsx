import { useCallback } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { DOC_CATEGORIES, useInfiniteList } from 'shared-kernel';
import { category, docsOfCategory, type DocOrdering } from '../api/catalog';
import type { DocItem } from '../api/documents';
import { EXT_CATES, type ExtCate } from '../api/search';
import { CategoryHeader } from '../ui/CategoryHeader';
import { Chips, type ChipOption } from '../ui/Chips';
import { DocListItem } from '../ui/DocListItem';
import { ListView, useRestoreKey } from '../ui/ListView';
import { useFetch } from '../ui/use-fetch';
import { CategoryHead } from '../seo/head';

const EXT_OPTIONS: ChipOption<'' | ExtCate>[] = [{ value: '', label: '全部' }, ...EXT_CATES.map((c) => ({ value: c, label: DOC_CATEGORIES[c].label }))];
const ORDERINGS: ChipOption<DocOrdering>[] = [
  { value: '-create_time', label: '最新' },
  { value: '-downloads', label: '下载最多' },
  { value: '-views', label: '浏览最多' },
  { value: '-score', label: '评分最高' },
];

/** articles/docs/list/{id}: the documents of a category, by type and order (both kept in the address). */
export default function DocListPage() {
  const { id = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const ext = params.get('ext_cate');
  const extCate = (EXT_CATES as readonly string[]).includes(ext ?? '') ? (ext as ExtCate) : undefined;
  const ord = params.get('ordering');
  const ordering = ORDERINGS.find((o) => o.value === ord)?.value ?? '-create_time';
  const cat = useFetch((signal) => category(id, signal), [id], `category:${id}`);
  const restoreKey = useRestoreKey();
  const key = `${id}|${extCate ?? ''}|${ordering}`;
  const fetchPage = useCallback(
    (page: number, signal: AbortSignal) => docsOfCategory({ category: id, ext_cate: extCate, ordering }, page, signal),
    [id, extCate, ordering],
  );
  const list = useInfiniteList<DocItem>({ fetchPage, key, restoreKey, route: 'articles.docs.list', ssrKey: `category-docs:${key}` });
  const set = (name: string, value: string, fallback: string) => {
    const next = new URLSearchParams(params);
    if (value && value !== fallback) next.set(name, value);
    else next.delete(name);
    setParams(next, { replace: true });
  };

  return (
    <section className="ar-page">
      <CategoryHead category={cat} kind="文档" keep={['ext_cate', 'ordering']} />
      <h1 className="ar-page-title">文档列表</h1>
      <CategoryHeader category={cat} tail="文档" />
      <div className="ar-panel">
        <div className="ar-filters">
          <Chips label="类型" options={EXT_OPTIONS} value={extCate ?? ''} onChange={(v) => set('ext_cate', v, '')} />
          <Chips label="排序" options={ORDERINGS} value={ordering} onChange={(v) => set('ordering', v, '-create_time')} />
        </div>
        <ListView list={list} label="文档列表" empty="该分类下暂无文档" renderItem={(doc) => <DocListItem key={doc.id} doc={doc} />} />
      </div>
    </section>
  );
}
