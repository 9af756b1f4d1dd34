import type { MobilePlatform, Sdk, SiteDocument } from 'contracts';
import type { Queryable } from '../../../core/db';

export type SiteDocumentKind = 'user_agreement' | 'user_privacy';
export type SiteDocumentRow = Omit<SiteDocument, 'update_time'> & { update_time: Date };

export async function findSiteDocument(db: Queryable, kind: SiteDocumentKind): Promise<SiteDocumentRow | null> {
  const [row] = await db.query<SiteDocumentRow>(
    'SELECT title, version, effective_date, content, update_time FROM site_documents WHERE kind = $1',
    [kind],
  );
  return row ?? null;
}

// platforms is 'android', 'ios' or 'android,ios': position() finds the name in the list
function sdkWhere(platform: MobilePlatform | undefined): { sql: string; params: unknown[] } {
  return platform ? { sql: 'WHERE enabled AND position($1 IN platforms) > 0', params: [platform] } : { sql: 'WHERE enabled', params: [] };
}

/** The enabled SDKs (of one platform when given). */
export async function countSdks(db: Queryable, platform: MobilePlatform | undefined): Promise<number> {
  const { sql, params } = sdkWhere(platform);
  const [row] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM sdk_list ${sql}`, params);
  return row.n;
}

export async function listSdks(db: Queryable, platform: MobilePlatform | undefined, limit: number, offset: number): Promise<Sdk[]> {
  const { sql, params } = sdkWhere(platform);
  const rows = await db.query<Omit<Sdk, 'platforms'> & { platforms: string }>(
    `SELECT id, name, company, purpose, data_collected, platforms, privacy_url FROM sdk_list ${sql}
      ORDER BY sequence, id LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, limit, offset],
  );
  return rows.map((row) => ({ ...row, platforms: row.platforms.split(',') as MobilePlatform[] }));
}

/** Every site setting (a handful of rows), by key. */
export async function readSiteSettings(db: Queryable): Promise<Map<string, string>> {
  const rows = await db.query<{ key: string; value: string }>('SELECT key, value FROM site_settings');
  return new Map(rows.map((r) => [r.key, r.value]));
}
