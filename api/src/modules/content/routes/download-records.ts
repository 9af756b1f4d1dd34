import { DownloadRecord, DownloadRecordQuery, DownloadStatistics, HistoryRecordQuery, PageSchema } from 'contracts';
import type { FastifyInstance } from 'fastify';
import { paginate } from '../../../core/http/pagination';
import { requireActiveUser, requireLogin } from '../../accounts/guards';
import { downloadService } from '../services/downloads';

/** A logged-in user's own downloads: every download, each document once, and the day's numbers. */
export async function downloadRecordRoutes(app: FastifyInstance): Promise<void> {
  const downloads = downloadService(app);
  const read = { rateLimit: 'read' } as const;

  app.get<{ Querystring: DownloadRecordQuery }>(
    '/api/docs-down-record/',
    { schema: { querystring: DownloadRecordQuery, response: { 200: PageSchema(DownloadRecord) } }, config: read },
    async (request) => paginate(request, downloads.records(requireLogin(request).user.id, request.query.docs)),
  );
  app.get<{ Querystring: HistoryRecordQuery }>(
    '/api/docs-down-history-record/',
    { schema: { querystring: HistoryRecordQuery, response: { 200: PageSchema(DownloadRecord) } }, config: read },
    async (request) => paginate(request, downloads.history(requireLogin(request).user.id)),
  );
  app.get(
    '/api/docs-down-statistics/',
    { schema: { response: { 200: DownloadStatistics } }, config: read },
    async (request, reply) => downloads.statistics(request, reply, requireActiveUser(request).user.id),
  );
}
