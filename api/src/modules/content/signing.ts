import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../core/db';
import { loadServerSecret } from '../../infra/security/server-secrets';

/** What a signed link grants: one file of one item, until `exp` (unix seconds). */
export interface LinkClaims {
  /** 'docs' download, 'appendix' download, 'preview' of a document. */
  kind: 'docs' | 'appendix' | 'preview';
  /** The document or appendix id of the URL. */
  id: number;
  /** Download record id (downloads) or page count (previews). */
  n: number;
  exp: number;
}

export interface Signer {
  /** `<payload>.<mac>`, URL-safe. */
  sign(claims: LinkClaims): string;
  /** The claims of a token that is authentic and unexpired, else null. */
  verify(token: string, nowS: number): LinkClaims | null;
  /** A short MAC of a text (share signs). */
  mac(text: string): string;
  macMatches(text: string, mac: string): boolean;
  /** A new visitor id: 24 URL-safe characters, 16 random and 8 of a MAC over them (the site issued it). */
  visitorId(): string;
  /** Did the site issue this visitor id (rather than a script inventing one)? */
  issuedVisitor(id: string): boolean;
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export function signer(key: Buffer): Signer {
  const hmac = (text: string) => createHmac('sha256', key).update(text).digest('base64url');
  return {
    sign(claims) {
      const payload = Buffer.from(`${claims.kind}.${claims.id}.${claims.n}.${claims.exp}`).toString('base64url');
      return `${payload}.${hmac(payload)}`;
    },
    verify(token, nowS) {
      if (token.length > 300) return null;
      const [payload, mac, extra] = token.split('.');
      if (!payload || !mac || extra !== undefined || !sameText(hmac(payload), mac)) return null;
      const parts = Buffer.from(payload, 'base64url').toString('utf8').split('.');
      if (parts.length !== 4) return null;
      const [kind, id, n, exp] = [parts[0], Number(parts[1]), Number(parts[2]), Number(parts[3])];
      if (kind !== 'docs' && kind !== 'appendix' && kind !== 'preview') return null;
      if (![id, n, exp].every(Number.isSafeInteger) || exp < nowS) return null;
      return { kind, id, n, exp };
    },
    mac(text) {
      return hmac(`share:${text}`).slice(0, 22);
    },
    macMatches(text, mac) {
      return sameText(hmac(`share:${text}`).slice(0, 22), mac);
    },
    visitorId() {
      const random = randomBytes(12).toString('base64url');
      return `${random}${hmac(`visitor:${random}`).slice(0, 8)}`;
    },
    issuedVisitor(id) {
      return id.length === 24 && sameText(hmac(`visitor:${id.slice(0, 16)}`).slice(0, 8), id.slice(16));
    },
  };
}

/** The signer with the server's content key (generated at the first start, shared by every process). */
export async function loadSigner(db: Db): Promise<Signer> {
  const key = await loadServerSecret(db, 'content_link_key', async () => randomBytes(32).toString('base64url'));
  return signer(Buffer.from(key, 'base64url'));
}
