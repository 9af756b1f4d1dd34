import type { AppPlatform, AppVersion } from 'contracts';
import type { Queryable } from '../../../core/db';
import type { OrderingOptions } from '../../../core/http/ordering';

// numeric, not text order: 1.10.0 after 1.9.0 (the table's CHECK keeps versions dotted numbers)
const VERSION_NUMBERS = "string_to_array(version, '.')::int[]";
const NEWEST_FIRST = `ORDER BY ${VERSION_NUMBERS} DESC, id DESC`;

/** What ?ordering= of GET /api/app-version-detail/ may sort by, and the SQL of each. */
export const APP_VERSION_ORDERING: OrderingOptions = {
  fields: { create_time: 'create_time', version: VERSION_NUMBERS },
  default: '-create_time',
  tieBreaker: 'id',
};

export type AppVersionRow = Omit<AppVersion, 'create_time'> & { create_time: Date };

export interface AppVersionFilter {
  /** All platforms without. */
  platform?: AppPlatform;
  /** An ORDER BY clause made by orderBy() from APP_VERSION_ORDERING; newest version first without. */
  order?: string;
}

function where(filter: AppVersionFilter): { sql: string; params: unknown[] } {
  return filter.platform ? { sql: 'WHERE platform = $1', params: [filter.platform] } : { sql: '', params: [] };
}

export async function countAppVersions(db: Queryable, filter: AppVersionFilter): Promise<number> {
  const { sql, params } = where(filter);
  const [row] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM app_versions ${sql}`, params);
  return row.n;
}

export async function listAppVersions(db: Queryable, filter: AppVersionFilter, limit: number, offset: number): Promise<AppVersionRow[]> {
  const { sql, params } = where(filter);
  return db.query<AppVersionRow>(
    `SELECT id, platform, version, download_url, notes, force_update, create_time
       FROM app_versions ${sql} ${filter.order ?? NEWEST_FIRST}
      LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, limit, offset],
  );
}

/** The download address of the platform's newest version; null when it has none. */
export async function latestDownloadUrl(db: Queryable, platform: AppPlatform): Promise<string | null> {
  const [latest] = await db.query<{ download_url: string }>(
    `SELECT download_url FROM app_versions WHERE platform = $1 ${NEWEST_FIRST} LIMIT 1`,
    [platform],
  );
  return latest?.download_url ?? null;
}

export interface DownloadClick {
  platform: AppPlatform;
  source: string;
  version: string;
  userId: number | null;
  ip: string;
  userAgent: string;
  time: Date;
}

export async function insertDownloadClick(db: Queryable, click: DownloadClick): Promise<void> {
  await db.query(
    `INSERT INTO app_download_clicks (platform, source, version, user_id, ip, user_agent, create_time)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [click.platform, click.source, click.version, click.userId, click.ip, click.userAgent, click.time],
  );
}
