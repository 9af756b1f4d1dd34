import { useAccountServer } from './accounts-helpers';
import { call, engines } from './helpers';

/** The accounts routes and their methods, as the OpenAPI document must list them. */
const NO_BODY = new Set(['/api/logout/', '/api/trd-account-bind/{provider}/authorize/']);
const EXPECTED: Record<string, string[]> = {
  '/api/public-key/': ['get'],
  '/api/codes/': ['post'],
  '/api/token/': ['post'],
  '/api/login-code/': ['post'],
  '/api/wxminiapp-login/': ['post'],
  '/api/logout/': ['post'],
  '/api/users/': ['post'],
  '/api/users/{id}/': ['get'],
  '/api/users/{uid}/': ['patch'],
  '/api/users-activate/': ['post'],
  '/api/users-delete/': ['post'],
  '/api/mobile/check/': ['post'],
  '/api/change-mobile/': ['post'],
  '/api/email-verify/': ['post'],
  '/api/email-change/': ['post'],
  '/api/pwd_protection_question/': ['get'],
  '/api/pwd_protection_answer/': ['post'],
  '/api/pwd_protection_answer/0/': ['put'],
  '/api/trd-account-bind/': ['get', 'post'],
  '/api/trd-account-bind/{provider}/': ['delete'],
  '/api/trd-account-bind/{provider}/authorize/': ['post'],
  '/api/login-history/': ['get'],
  '/api/login-devices/': ['get'],
  '/api/login-devices/{id}/': ['delete'],
};

describe.each(engines())('OpenAPI document on %s', (engine) => {
  const server = useAccountServer(engine, __filename);

  test('GET /api/openapi.json: OpenAPI 3 with every account route, its body schema and its answers', async () => {
    const res = await call(server.base, '/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.0.3');
    expect(res.body.info.title).toMatch(/[\u4e00-\u9fff]/);
    for (const [path, methods] of Object.entries(EXPECTED)) {
      const item = res.body.paths[path];
      expect({ path, methods: Object.keys(item ?? {}).filter((m) => m !== 'parameters').sort() }).toEqual({
        path,
        methods: [...methods].sort(),
      });
      for (const method of methods) {
        const op = item[method];
        expect(Object.keys(op.responses ?? {}).length).toBeGreaterThan(0);
        if (['post', 'put', 'patch'].includes(method) && !NO_BODY.has(path)) {
          expect({ path, hasBody: Boolean(op.requestBody?.content?.['application/json']?.schema) }).toEqual({ path, hasBody: true });
        }
      }
    }
    // the SMS request documents its reasons and the mobile rule
    const codes = res.body.paths['/api/codes/'].post.requestBody.content['application/json'].schema;
    expect(codes.properties.reason.enum).toEqual(['REGISTER', 'LOGIN', 'FIND_PWD', 'TRD_ACTIVE']);
    expect(codes.required).toEqual(['mobile', 'reason']);
    // the document itself is not listed
    expect(res.body.paths['/api/openapi.json']).toBeUndefined();
  });
});
