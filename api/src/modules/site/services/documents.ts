import type { MobilePlatform, SdkPage, SiteIcp } from 'contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../../../core/http/errors';
import { paginate } from '../../../core/http/pagination';
import { countSdks, findSiteDocument, listSdks, readSiteSettings, type SiteDocumentKind, type SiteDocumentRow } from '../repositories/site-documents';

/** The user agreement or the privacy policy; 404 until it is published. */
export async function siteDocument(app: FastifyInstance, kind: SiteDocumentKind): Promise<SiteDocumentRow> {
  const row = await findSiteDocument(app.db, kind);
  if (!row) throw new ApiError(404, 'not_found', '内容暂未发布');
  return row;
}

export function pageOfSdks(app: FastifyInstance, request: FastifyRequest, platform: MobilePlatform | undefined): Promise<SdkPage> {
  return paginate(request, {
    count: () => countSdks(app.db, platform),
    fetch: (limit, offset) => listSdks(app.db, platform, limit, offset),
  });
}

/** The answer's fields and the site_settings keys they come from. */
const ICP_KEYS = { icp: 'icp_number', icp_url: 'icp_url', police: 'police_number', police_url: 'police_url', copyright: 'copyright' } as const;

/** The ICP record and copyright line; a setting not made yet is ''. */
export async function siteIcp(app: FastifyInstance): Promise<SiteIcp> {
  const values = await readSiteSettings(app.db);
  const answer = {} as SiteIcp;
  for (const [field, key] of Object.entries(ICP_KEYS) as [keyof typeof ICP_KEYS, string][]) answer[field] = values.get(key) ?? '';
  return answer;
}
