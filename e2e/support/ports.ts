// Ports of the site the e2e run starts (kept apart from `npm start`'s 8080-8090 so both can run at once).
export const E2E_PORTS = {
  shell: Number(process.env.E2E_PORT ?? 18180),
  api: Number(process.env.E2E_API_PORT ?? 18190),
  remoteBase: Number(process.env.E2E_REMOTE_PORT_BASE ?? 18181),
};

/** QR login lifetime on the e2e site (seconds; the product's default is 100). */
export const QR_EXPIRE_S = 15;
