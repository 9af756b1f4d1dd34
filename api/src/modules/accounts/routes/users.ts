import type { FastifyInstance } from 'fastify';
import { ActivateBody, DeleteAccountAnswer, DeleteAccountBody, LoginAnswer, RegisterBody, UserIdParams, UserInfoAnswer, UserPatchAnswer, UserPatchBody, UserUidParams } from 'contracts';
import { platformOf } from '../fields';
import { requireActiveUser, requireLogin } from '../guards';
import { activate } from '../services/activation';
import { requestDeletion } from '../services/account-deletion';
import { patchUser, register, userInfo } from '../services/users';

/**
 * POST /api/users/ (register), GET /api/users/{id}/, PATCH /api/users/{uid}/ (profile, password change, reset),
 * POST /api/users-activate/ and POST /api/users-delete/.
 */
export async function userRoutes(app: FastifyInstance): Promise<void> {
  app.post<{ Body: RegisterBody }>(
    '/api/users/',
    { config: { rateLimit: 'login' }, schema: { tags: ['账号'], body: RegisterBody, response: { 201: LoginAnswer } } },
    async (request, reply) => reply.code(201).send(await register(request, reply, request.body, platformOf(request.body.platform))),
  );

  app.get<{ Params: UserIdParams }>(
    '/api/users/:id/',
    { config: { rateLimit: 'read' }, schema: { tags: ['账号'], params: UserIdParams, response: { 200: UserInfoAnswer } } },
    async (request) => userInfo(request, request.params.id),
  );

  app.patch<{ Params: UserUidParams; Body: UserPatchBody }>(
    '/api/users/:uid/',
    {
      config: { rateLimit: 'login' },
      schema: { tags: ['账号'], params: UserUidParams, body: UserPatchBody, response: { 200: UserPatchAnswer } },
    },
    async (request, reply) => patchUser(request, reply, request.params.uid, request.body),
  );

  app.post<{ Body: ActivateBody }>(
    '/api/users-activate/',
    { config: { rateLimit: 'login' }, schema: { tags: ['账号'], body: ActivateBody, response: { 200: LoginAnswer } } },
    async (request, reply) => activate(request, reply, requireLogin(request).user, request.body),
  );

  app.post<{ Body: DeleteAccountBody }>(
    '/api/users-delete/',
    { config: { rateLimit: 'account' }, schema: { tags: ['账号'], body: DeleteAccountBody, response: { 200: DeleteAccountAnswer } } },
    async (request, reply) => requestDeletion(request, reply, requireActiveUser(request), request.body),
  );
}
