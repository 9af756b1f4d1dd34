import { isBaiduSiteId } from '../analytics/baidu';

/**
 * Deployment settings the shell reads from the deployment manifest (/deployment.json) besides the remotes, so that
 * they change with a deploy and without a rebuild:
 *
 *   { "remotes": {...}, "analytics": { "baidu": "<32 hex digits: the Baidu Tongji site id>" } }
 */
export interface SiteSettings {
  /** Baidu Tongji site id; null: no analytics script is fetched. */
  baiduSiteId: string | null;
}

export function siteSettingsOf(deployment: unknown): SiteSettings {
  const analytics = (deployment as { analytics?: { baidu?: unknown } } | null)?.analytics;
  return { baiduSiteId: isBaiduSiteId(analytics?.baidu) ? analytics.baidu : null };
}
