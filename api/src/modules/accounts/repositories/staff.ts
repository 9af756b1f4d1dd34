import type { StaffRole } from 'contracts';
import type { Queryable } from '../../../core/db';

export type { StaffRole };

export async function rolesOf(q: Queryable, userId: number): Promise<StaffRole[]> {
  const rows = await q.query<{ role: StaffRole }>('SELECT role FROM staff_roles WHERE user_id = $1 ORDER BY role', [userId]);
  return rows.map((r) => r.role);
}

export async function grantRole(q: Queryable, userId: number, role: StaffRole): Promise<void> {
  await q.query('INSERT INTO staff_roles (user_id, role) VALUES ($1, $2) ON CONFLICT DO NOTHING', [userId, role]);
}

export async function revokeRole(q: Queryable, userId: number, role: StaffRole): Promise<boolean> {
  const rows = await q.query('DELETE FROM staff_roles WHERE user_id = $1 AND role = $2 RETURNING user_id', [userId, role]);
  return rows.length > 0;
}
