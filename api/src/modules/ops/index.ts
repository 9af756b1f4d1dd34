import type { FastifyInstance } from 'fastify';
import { defineModule } from '../../core/module';
import { devCaptchaAnswerRoutes } from './routes/dev-captcha-answers';
import { devOutboxRoutes } from './routes/dev-outbox';
import { healthRoutes } from './routes/health';
import { openApiRoutes } from './routes/openapi';
import { reportErrorRoutes } from './routes/report-error';

/**
 * Running the site: health, the OpenAPI document, client error reports, and the development-only routes (the
 * simulators' outbox and the captcha answers), which exist in development and test mode only and answer this
 * machine only, with the dev routes token (src/infra/security/dev-routes.ts).
 */
export const opsModule = defineModule('ops', ['core', 'infra', 'captcha'], async (app: FastifyInstance) => {
  await app.register(healthRoutes);
  await app.register(openApiRoutes);
  await app.register(reportErrorRoutes);
  await app.register(devOutboxRoutes);
  await app.register(devCaptchaAnswerRoutes);
});
