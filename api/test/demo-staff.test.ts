import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEMO_STAFF_FILE, ensureDemoStaff } from '../src/modules/accounts/demo-staff';
import { engines } from './helpers';
import { Client, encryptPassword, useAccountServer } from './accounts-helpers';

// The demo site's staff account (issue 20): made once when `npm start` seeds a data folder, its login kept for
// the person who started the site only, and an admin the staff API answers.
describe.each(engines())('demo staff account (%s)', (engine) => {
  const server = useAccountServer(engine, __filename);
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'demo-staff-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  test('made once, its login in an owner-only file, and it logs in as an admin', async () => {
    const made = await ensureDemoStaff(server.app, dataDir);
    expect(made?.password).toMatch(/^(?=.*[a-z])(?=.*\d)[a-z0-9]{12}$/);
    const file = path.join(dataDir, DEMO_STAFF_FILE);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(made);
    expect(statSync(file).mode & 0o077).toBe(0);
    // a second start leaves it alone
    expect(await ensureDemoStaff(server.app, dataDir)).toBeNull();

    const client = new Client(server.base);
    const login = await client.post('/api/token/', {
      username: made!.mobile,
      password: await encryptPassword(server.base, made!.password),
      login_type: 1,
      platform: 3,
    });
    expect(login.status).toBe(200);
    expect(login.body.staff_roles).toEqual(['admin']);
    expect((await client.get('/api/staff/settings/coins/')).status).toBe(200);
  });

  test('a production site never gets one', async () => {
    const other = mkdtempSync(path.join(os.tmpdir(), 'demo-staff-prod-'));
    try {
      const app = Object.create(server.app, { accountsConfig: { value: { ...server.app.accountsConfig, mode: 'production' } } });
      expect(await ensureDemoStaff(app, other)).toBeNull();
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });
});
