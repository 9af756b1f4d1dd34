import type { IncomingMessage } from 'node:http';
import { BlockList, isIP } from 'node:net';

/** Names Fastify's trustProxy (proxy-addr) accepts for groups of addresses. */
const NAMED: Record<string, string[]> = {
  loopback: ['127.0.0.1/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

function family(address: string): 'ipv4' | 'ipv6' | null {
  const v = isIP(address);
  return v === 4 ? 'ipv4' : v === 6 ? 'ipv6' : null;
}

/** Which peers are trusted proxies, from a trustProxy setting (true, false, or IPs / CIDRs / names, comma-separated). */
function trustFunction(trustProxy: boolean | string | undefined): (address: string) => boolean {
  if (trustProxy === true) return () => true;
  if (!trustProxy) return () => false;
  const list = new BlockList();
  for (const item of trustProxy.split(',').map((s) => s.trim()).filter(Boolean)) {
    for (const entry of NAMED[item] ?? [item]) {
      const [ip, bits] = entry.split('/');
      const type = family(ip);
      const prefix = bits === undefined ? (type === 'ipv4' ? 32 : 128) : Number(bits);
      if (!type || !Number.isInteger(prefix) || prefix < 0 || prefix > (type === 'ipv4' ? 32 : 128)) {
        throw new Error(`TRUST_PROXY 中的地址无法识别: ${entry}`);
      }
      list.addSubnet(ip, prefix, type);
    }
  }
  // BlockList also matches IPv4-mapped IPv6 peers (::ffff:127.0.0.1) against IPv4 subnets
  return (address) => {
    const type = family(address);
    return type !== null && list.check(address, type);
  };
}

/**
 * The client address of a raw request as Fastify's `request.ip` tells it for the same trustProxy setting (the
 * proxy-addr rule): the peer, unless it is a trusted proxy, in which case the next X-Forwarded-For entry from the
 * right, and so on while those are trusted. For code that runs outside Fastify's request cycle (the WebSocket
 * upgrade), so that it counts clients the way the rate limiter does.
 */
export function clientAddressResolver(trustProxy: boolean | string | undefined): (request: IncomingMessage) => string {
  const trusted = trustFunction(trustProxy);
  return (request) => {
    const peer = request.socket.remoteAddress ?? '';
    const header = request.headers['x-forwarded-for'];
    if (typeof header !== 'string' || !trusted(peer)) return peer;
    const hops = header
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
      .reverse();
    let address = peer;
    for (const hop of hops) {
      if (!trusted(address)) break;
      address = hop;
    }
    return address;
  };
}
