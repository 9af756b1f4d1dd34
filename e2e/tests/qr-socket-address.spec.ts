import net from 'node:net';
import { expect, PRIVATE_PORTS, test } from '../support/private-site';

// The QR login's WebSocket limit per address cannot be dodged through the shell (hardening, finding 3): the shell
// sets X-Forwarded-For to the connection's address on upgrades and drops the client's own, so sockets that each
// claim another address still count as one address. The API allows 20 open sockets per address (qr-socket.ts).
// On a site of its own: the sockets and the 'qr-socket' rate group of the shared site stay untouched.

const MAX_OPEN_PER_ADDRESS = 20;

/** Opens a raw WebSocket upgrade through the shell; resolves the status line, the socket is kept open. */
function openQrSocket(port: number, token: string, forgedAddress: string): Promise<{ status: string; socket: net.Socket }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(
        [
          `GET /api/ws/login-qrcode/?token=${token} HTTP/1.1`,
          `Host: localhost:${port}`,
          'Upgrade: websocket',
          'Connection: Upgrade',
          'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==',
          'Sec-WebSocket-Version: 13',
          `X-Forwarded-For: ${forgedAddress}`,
          `X-Real-IP: ${forgedAddress}`,
          '',
          '',
        ].join('\r\n'),
      );
    });
    socket.once('data', (chunk: Buffer) => resolve({ status: chunk.toString('latin1').split('\r\n')[0], socket }));
    socket.once('error', reject);
  });
}

test('QR sockets that each forge another X-Forwarded-For still count as one address (the 21st is refused)', async ({ privateSite }) => {
  expect(privateSite.url).toContain(String(PRIVATE_PORTS.shell));
  const sockets: net.Socket[] = [];
  try {
    const statuses: string[] = [];
    for (let i = 0; i <= MAX_OPEN_PER_ADDRESS; i++) {
      const token = `forgedaddresstest${String(i).padStart(6, '0')}`;
      const { status, socket } = await openQrSocket(PRIVATE_PORTS.shell, token, `198.51.100.${i + 1}`);
      sockets.push(socket);
      statuses.push(status);
    }
    expect(statuses.slice(0, MAX_OPEN_PER_ADDRESS)).toEqual(Array(MAX_OPEN_PER_ADDRESS).fill('HTTP/1.1 101 Switching Protocols'));
    expect(statuses[MAX_OPEN_PER_ADDRESS]).toBe('HTTP/1.1 429 Too Many Requests');
  } finally {
    for (const socket of sockets) socket.destroy();
  }
});
