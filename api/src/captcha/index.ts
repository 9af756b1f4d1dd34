/** The captcha module: its routes (registered in server.ts) and the login form's check (for the login route). */
export { captchaRoutes } from './routes';
export { issueLoginCaptcha, verifyLoginCaptcha, type LoginCaptchaIssued } from './verify-login';
export { CAPTCHA_TYPES, type CaptchaType } from './config';
