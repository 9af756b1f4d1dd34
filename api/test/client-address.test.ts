import type { IncomingMessage } from 'node:http';
import Fastify from 'fastify';
import { clientAddressResolver } from '../src/core/http/client-address';

/**
 * The WebSocket upgrade counts clients by clientAddressResolver, the routes by Fastify's request.ip: both must name
 * the same address for every trustProxy setting the server takes (TRUST_PROXY) and whatever X-Forwarded-For says.
 */
const SETTINGS: (boolean | string)[] = [false, true, 'loopback', '127.0.0.1', '10.0.0.0/8, loopback', 'uniquelocal', '::1/128'];
const PEERS = ['127.0.0.1', '::ffff:127.0.0.1', '10.1.2.3', '198.51.100.1', '::1'];
const FORWARDED = [undefined, '', '1.2.3.4', '1.2.3.4, 10.0.0.5', ' , 5.6.7.8 ,', 'garbage, 10.0.0.2', '2001:db8::1', '10.9.9.9,127.0.0.1'];

describe('client address outside Fastify', () => {
  test.each(SETTINGS.map((s) => [String(s), s] as const))('agrees with request.ip for trustProxy %s', async (_name, trustProxy) => {
    const app = Fastify({ trustProxy });
    const resolve = clientAddressResolver(trustProxy);
    // Fastify's own request.ip (its request prototype's getters), run on stand-in raw requests from every peer
    app.get('/', async (request) => {
      const proto = Object.getPrototypeOf(request) as object;
      const cases = [];
      for (const remoteAddress of PEERS) {
        for (const xff of FORWARDED) {
          const raw = { socket: { remoteAddress }, headers: xff === undefined ? {} : { 'x-forwarded-for': xff } } as unknown as IncomingMessage;
          const fastify = (Object.create(proto, { raw: { value: raw } }) as { ip: string }).ip;
          cases.push({ remoteAddress, xff, fastify, ours: resolve(raw) });
        }
      }
      return cases;
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    try {
      const { port } = app.server.address() as { port: number };
      const cases = (await (await fetch(`http://127.0.0.1:${port}/`)).json()) as { remoteAddress: string; xff?: string; fastify: string; ours: string }[];
      expect(cases).toHaveLength(PEERS.length * FORWARDED.length);
      for (const { remoteAddress, xff, fastify, ours } of cases) expect({ remoteAddress, xff, ip: ours }).toEqual({ remoteAddress, xff, ip: fastify });
      // the real request too
      const real = await fetch(`http://127.0.0.1:${port}/`, { headers: { 'x-forwarded-for': '192.0.2.1' } });
      expect(real.status).toBe(200);
    } finally {
      await app.close();
    }
  });

  test('an address TRUST_PROXY cannot read stops the start', () => {
    expect(() => clientAddressResolver('not-an-ip')).toThrow(/TRUST_PROXY/);
    expect(() => clientAddressResolver('10.0.0.0/40')).toThrow(/TRUST_PROXY/);
  });
});
