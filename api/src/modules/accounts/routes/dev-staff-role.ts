import { DevStaffRoleAnswer, DevStaffRoleBody } from 'contracts';
import type { FastifyInstance } from 'fastify';
import { devRoutesEnabled } from '../../../core/config';
import { ApiError } from '../../../core/http/errors';
import { parsePhone } from '../phone';
import { grantRole, rolesOf } from '../repositories/staff';
import { findUserByPhone } from '../repositories/users';
import { userChanged } from '../sessions';

/**
 * POST /api/dev/staff-role/ {mobile, role}: gives the account of a phone a staff role, so the person of
 * `npm start` and the end-to-end journeys can have a staff account (a real site grants roles with
 * `npm run staff -w api`). Development and test mode only, behind the dev routes' guard (this machine and the
 * token: src/infra/security/dev-routes.ts); production has no such route.
 */
export async function devStaffRoleRoutes(app: FastifyInstance): Promise<void> {
  if (!devRoutesEnabled(app.accountsConfig)) return;
  app.post<{ Body: DevStaffRoleBody }>(
    '/api/dev/staff-role/',
    { config: { rateLimit: false }, schema: { tags: ['开发'], body: DevStaffRoleBody, response: { 200: DevStaffRoleAnswer } } },
    async (request) => {
      const user = await findUserByPhone(app.db, parsePhone(request.body.mobile, request.body.country_code));
      if (!user) throw new ApiError(404, 'user_not_found', '该手机号还没有注册账号');
      await grantRole(app.db, user.id, request.body.role);
      await userChanged(app, user.id); // cached sessions carry the user's roles (staff_roles of the own info)
      return { uid: user.id, roles: await rolesOf(app.db, user.id) };
    },
  );
}
