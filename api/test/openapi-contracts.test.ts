import * as contracts from 'contracts';
import type { EndpointSchemas } from 'contracts';
import Fastify from 'fastify';
import { registerOpenApi } from '../src/core/http/openapi';
import { useAccountServer } from './accounts-helpers';
import { call } from './helpers';

/**
 * The OpenAPI document the API serves and the wire contract must say the same thing. Every export of `contracts`
 * whose name ends in `Endpoints` (made with defineEndpoints) names endpoints and the contract schemas they use;
 * for each, the served document's operation must be exactly what the same OpenAPI generator makes of those
 * schemas. A route that declares a schema of its own, changes one, or drifts from what its module's contract
 * says, fails here; so does an endpoint of the contract that the API no longer serves.
 */

type Registry = Record<string, EndpointSchemas>;
type Operation = {
  parameters?: { in: string; name: string }[];
  requestBody?: unknown;
  responses?: Record<string, { content?: unknown }>;
};
type Document = { paths: Record<string, Record<string, Operation>> };

/** Every endpoint registry of the contract, by export name. */
function registries(): [string, Registry][] {
  return Object.entries(contracts).filter(([name, value]) => name.endsWith('Endpoints') && typeof value === 'object') as [string, Registry][];
}

function splitKey(key: string): { method: string; path: string } {
  const [method, path] = key.split(' ');
  return { method: method.toLowerCase(), path };
}

/** The OpenAPI document of a server whose only routes are the contract's endpoints with the contract's schemas. */
async function contractDocument(endpoints: [string, EndpointSchemas][]): Promise<Document> {
  const app = Fastify({ logger: false });
  // the generator, not validation, is under test: schemas are taken as written
  app.setValidatorCompiler(() => () => true);
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  await registerOpenApi(app);
  for (const [key, schema] of endpoints) {
    const { method, path } = splitKey(key);
    app.route({ method: method.toUpperCase() as 'GET', url: path.replace(/\{(\w+)\}/g, ':$1'), schema, handler: async () => ({}) });
  }
  await app.ready();
  const document = app.swagger() as unknown as Document;
  await app.close();
  return document;
}

/** The parts of an operation that the contract decides. */
function contractParts(operation: Operation | undefined, schema: EndpointSchemas) {
  const parameters = (where: string) => (operation?.parameters ?? []).filter((p) => p.in === where);
  return {
    requestBody: operation?.requestBody,
    ...(schema.querystring ? { query: parameters('query') } : {}),
    ...(schema.params ? { path: parameters('path') } : {}),
    responses: Object.fromEntries(Object.keys(schema.response).map((status) => [status, operation?.responses?.[status]?.content])),
  };
}

const all = registries().flatMap(([name, registry]) => Object.entries(registry).map(([key, schema]) => ({ name, key, schema })));

describe('the OpenAPI document and the contract', () => {
  const server = useAccountServer('pglite', __filename);
  let served: Document;
  let expected: Document;

  beforeAll(async () => {
    served = (await call(server.base, '/api/openapi.json')).body as Document;
    expected = await contractDocument(all.map(({ key, schema }) => [key, schema]));
  });

  test('the contract names its endpoints, each once (captcha, site and ops at least)', () => {
    const names = registries().map(([name]) => name);
    expect(names).toEqual(expect.arrayContaining(['captchaEndpoints', 'siteEndpoints', 'opsEndpoints']));
    const keys = all.map(({ key }) => key);
    expect(keys.length).toBeGreaterThan(15);
    expect(new Set(keys).size).toBe(keys.length);
  });

  test.each(all.map(({ name, key, schema }) => [key, name, schema] as const))('%s (%s)', (key, _name, schema) => {
    const { method, path } = splitKey(key);
    const operation = served.paths[path]?.[method];
    expect({ key, served: Boolean(operation) }).toEqual({ key, served: true });
    expect({ key, ...contractParts(operation, schema) }).toEqual({ key, ...contractParts(expected.paths[path][method], schema) });
  });
});
