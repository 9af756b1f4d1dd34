/** The captcha module: its routes (registered in server.ts) and the login form's check (for the login route). */
export { captchaRoutes } from './routes';
export { verifyLoginCaptcha } from './verify-login';
export { CAPTCHA_TYPES, type CaptchaType } from './config';
