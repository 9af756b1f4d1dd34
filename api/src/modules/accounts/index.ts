import type { FastifyInstance } from 'fastify';
import { defineModule } from '../../core/module';
import { every } from '../../core/sweep';
import { accountSecurityRoutes } from './routes/account-security';
import { codeRoutes } from './routes/codes';
import { devStaffRoleRoutes } from './routes/dev-staff-role';
import { loginDeviceRoutes } from './routes/login-devices';
import { loginRoutes } from './routes/login';
import { publicKeyRoutes } from './routes/public-key';
import { qrcodeRoutes } from './routes/qrcode';
import { installQrLogin } from './qr-login';
import { installQrSocket } from './qr-socket';
import { purgeDueDeletions } from './services/account-deletion';
import { trdAccountRoutes } from './routes/trd-accounts';
import { userRoutes } from './routes/users';
import { loadPasswordCipher, type PasswordCipher } from './rsa';
import { installSessions } from './sessions';
import { installThirdPartyRegistry } from './third-party';
import { verificationCodes, type VerificationCodes } from './verification-codes';

declare module 'fastify' {
  interface FastifyInstance {
    /** RSA key pair for passwords in transit (GET /api/public-key/). */
    passwords: PasswordCipher;
    codes: VerificationCodes;
  }
}

export interface AccountsOptions extends Record<string, unknown> {
  /** QR login: the code's lifetime in seconds (SPEC §9: 100) and the site's public origin for its link. */
  qr: { expireS: number; siteOrigin?: string };
}

/**
 * Accounts: sessions with their CSRF check (a hook every later module's routes run behind), the password key
 * pair, verification codes, the registry of bindable third-party identities, and the account routes (login,
 * registration, users, account security, login devices, third-party bindings, QR login with its socket).
 */
export const accountsModule = defineModule<AccountsOptions>('accounts', ['core', 'infra'], async (app: FastifyInstance, { qr }) => {
  const config = app.accountsConfig;
  await installSessions(app, { secureCookies: config.mode === 'production', cache: config.sessionCache === 'on' });
  installThirdPartyRegistry(app);
  const wx = app.wxMiniApp;
  app.thirdPartyIdentities.set('weixin_miniapp', { account: 'weixin_miniapp', resolve: (code) => wx.code2Session(code), authorize: false });
  app.decorate('passwords', await loadPasswordCipher(app.db));
  app.decorate('codes', await verificationCodes({ db: app.db, now: app.now, sms: app.sms, mail: app.mail, log: app.log }));

  await app.register(publicKeyRoutes);
  await app.register(codeRoutes);
  await app.register(loginRoutes);
  await app.register(userRoutes);
  await app.register(accountSecurityRoutes);
  await app.register(loginDeviceRoutes);
  await app.register(trdAccountRoutes);
  await app.register(devStaffRoleRoutes);
  await installQrLogin(app, qr.expireS);
  installQrSocket(app);
  await app.register(qrcodeRoutes, { siteOrigin: qr.siteOrigin });
  // deletions whose cooling-off period is over (a login in time cancels one)
  every(app, 3_600_000, 'account deletion sweep', () => purgeDueDeletions(app));
});
