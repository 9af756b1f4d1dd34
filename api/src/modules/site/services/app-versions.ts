import type { AppPlatform, MobilePlatform, Page } from 'contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { paginate } from '../../../core/http/pagination';
import { countAppVersions, insertDownloadClick, latestDownloadUrl, listAppVersions, type AppVersionFilter, type AppVersionRow } from '../repositories/app-versions';

/** A page of released versions (DRF pagination from the request's page and page_size). */
export function pageOfAppVersions(app: FastifyInstance, request: FastifyRequest, filter: AppVersionFilter): Promise<Page<AppVersionRow>> {
  return paginate(request, {
    count: () => countAppVersions(app.db, filter),
    fetch: (limit, offset) => listAppVersions(app.db, filter, limit, offset),
  });
}

/** iPhone, iPad and iPod get the iOS build; everything else the Android one (the desktop client has its own route). */
export function mobilePlatformOf(userAgent: string | undefined): MobilePlatform {
  return /iPhone|iPad|iPod/i.test(userAgent ?? '') ? 'ios' : 'android';
}

function platformOfRequest(request: FastifyRequest): AppPlatform {
  const ua = request.headers['user-agent'] ?? '';
  if (/Android|iPhone|iPad|iPod|Mobile/i.test(ua)) return mobilePlatformOf(ua);
  return 'pc';
}

export interface DownloadClickFields {
  platform?: AppPlatform;
  source?: string;
  version?: string;
}

/** Counts a click on a download button (the platform from the User-Agent when not given); answers the newest build's address. */
export async function recordDownloadClick(app: FastifyInstance, request: FastifyRequest, fields: DownloadClickFields) {
  const platform = fields.platform ?? platformOfRequest(request);
  await insertDownloadClick(app.db, {
    platform,
    source: fields.source ?? '',
    version: fields.version ?? '',
    userId: request.user?.id ?? null,
    ip: (request.ip ?? '').slice(0, 64),
    userAgent: (request.headers['user-agent'] ?? '').slice(0, 500),
    time: app.now(),
  });
  return { detail: '已记录', platform, download_url: await latestDownloadUrl(app.db, platform) };
}
