import type { FastifyInstance } from 'fastify';
import { defineModule } from '../../core/module';
import { captchaRoutes } from './routes/captcha';

/** The security check of SPEC §3 "Captcha": challenges, answers and the tokens that lift a 429. */
export const captchaModule = defineModule('captcha', ['core', 'infra'], async (app: FastifyInstance) => {
  await app.register(captchaRoutes);
});

/** The login form's text captcha, checked by the login route. */
export { issueLoginCaptcha, verifyLoginCaptcha, type LoginCaptchaIssued } from './services/login-captcha';
export { CAPTCHA_TYPES, type CaptchaType } from 'contracts';
/** A live challenge's secret answer, unspent: the development route that lets browser journeys solve captchas. */
export { peekChallenge } from './repositories/challenges';
