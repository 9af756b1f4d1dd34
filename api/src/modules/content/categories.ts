import { allCategories, type CategoryRow } from './repositories/categories';
import type { Db } from '../../core/db';

export type { CategoryRow } from './repositories/categories';

export interface CategoryNode extends CategoryRow {
  children: CategoryNode[];
}

/**
 * The category tree, read from the database and kept for a few seconds (it changes rarely and almost every
 * list filters by it). Seeding calls `invalidate`.
 */
export interface CategoryTree {
  all(): Promise<Map<number, CategoryNode>>;
  roots(): Promise<CategoryNode[]>;
  /** The category and every category below it; [] when it does not exist. */
  withDescendants(id: number): Promise<number[]>;
  /** Root first, the category itself last. */
  path(id: number): Promise<CategoryRow[]>;
  invalidate(): void;
}

const TTL_MS = 10_000;

export function categoryTree(db: Db): CategoryTree {
  let cached: { at: number; nodes: Map<number, CategoryNode>; roots: CategoryNode[] } | undefined;
  let loading: Promise<NonNullable<typeof cached>> | undefined;

  const load = async () => {
    const rows = await allCategories(db);
    const nodes = new Map<number, CategoryNode>(rows.map((r) => [r.id, { ...r, children: [] }]));
    const roots: CategoryNode[] = [];
    for (const node of nodes.values()) {
      const parent = node.parent_id === null ? undefined : nodes.get(node.parent_id);
      if (parent) parent.children.push(node);
      else roots.push(node);
    }
    return { at: Date.now(), nodes, roots };
  };
  const current = async () => {
    if (cached && Date.now() - cached.at < TTL_MS) return cached;
    loading ??= load().finally(() => {
      loading = undefined;
    });
    cached = await loading;
    return cached;
  };

  return {
    async all() {
      return (await current()).nodes;
    },
    async roots() {
      return (await current()).roots;
    },
    async withDescendants(id) {
      const node = (await current()).nodes.get(id);
      if (!node) return [];
      const out: number[] = [];
      const stack = [node];
      while (stack.length) {
        const next = stack.pop() as CategoryNode;
        out.push(next.id);
        stack.push(...next.children);
      }
      return out;
    },
    async path(id) {
      const { nodes } = await current();
      const out: CategoryRow[] = [];
      let node = nodes.get(id);
      while (node && out.length < 20) {
        out.unshift(node);
        node = node.parent_id === null ? undefined : nodes.get(node.parent_id);
      }
      return out;
    },
    invalidate() {
      cached = undefined;
    },
  };
}
