import type { Queryable } from '../../../core/db';

export interface CategoryRow {
  id: number;
  parent_id: number | null;
  name: string;
  description: string;
  sequence: number;
  is_upload: boolean;
}

/** Every category, in display order (the tree is built from these and kept for a while). */
export function allCategories(q: Queryable): Promise<CategoryRow[]> {
  return q.query<CategoryRow>('SELECT id, parent_id, name, description, sequence, is_upload FROM content_categories ORDER BY sequence, id');
}
