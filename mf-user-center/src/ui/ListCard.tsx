import type { ReactNode } from 'react';
import { ListFooter, type InfiniteList } from 'shared-kernel';

/**
 * A card of one of my lists: its heading, the items (or what an empty list says once it is loaded) and the kernel's
 * list footer (more on scroll, the end, a retry).
 */
export function ListCard<T>(props: {
  titleId: string;
  title: string;
  list: InfiniteList<T>;
  empty: string;
  emptyClassName?: string;
  listClassName: string;
  renderItem: (item: T) => ReactNode;
}) {
  const { list } = props;
  return (
    <section className="uc-card" aria-labelledby={props.titleId}>
      <h2 id={props.titleId} className="uc-h2">{props.title}</h2>
      {list.status === 'done' && list.items.length === 0 ? (
        <p className={props.emptyClassName ?? 'uc-muted'}>{props.empty}</p>
      ) : (
        <ul className={props.listClassName}>{list.items.map(props.renderItem)}</ul>
      )}
      <ListFooter list={list} />
    </section>
  );
}
