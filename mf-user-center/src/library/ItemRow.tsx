import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { routePath } from 'shared-kernel';
import type { BlogItem, DocItem, ItemType } from 'contracts';
import { formatTime } from '../coins/format';
import { LIB_TEXTS } from './texts';

/** A favourite or a history entry: its kind and its document or blog. */
export interface EitherItem {
  id: number;
  type: ItemType;
  docs?: DocItem;
  blogs?: BlogItem;
  create_time: string;
}

/** The item's id and title, and the page that shows it. */
export function targetOf(entry: EitherItem): { id: number; title: string; href: string } {
  const item = entry.type === 'docs' ? entry.docs : entry.blogs;
  const id = item?.id ?? 0;
  return { id, title: item?.title ?? '', href: routePath(entry.type === 'docs' ? 'articles.docs.detail' : 'articles.blogs.detail', { id }) };
}

/** One document or blog of a list: kind, title linking to its page, who, category, and the list's time. */
export function ItemRow({ entry, time, children }: { entry: EitherItem; time?: string; children?: ReactNode }) {
  const target = targetOf(entry);
  const who = entry.type === 'docs' ? entry.docs?.uploader.nickname : entry.blogs?.author.nickname;
  const category = entry.type === 'docs' ? entry.docs?.category.name : entry.blogs?.category.name;
  return (
    <li className="ucl-item" data-testid="library-item">
      <span className="ucl-kind">{LIB_TEXTS[entry.type]}</span>
      <div className="ucl-item-main">
        <Link className="ucl-item-title uc-link" to={target.href}>{target.title}</Link>
        <span className="ucl-meta">
          {who && <span>{who}</span>}
          {category && <span>{category}</span>}
          <time dateTime={entry.create_time}>{time ?? formatTime(entry.create_time)}</time>
        </span>
      </div>
      {children && <span className="ucl-actions">{children}</span>}
    </li>
  );
}
