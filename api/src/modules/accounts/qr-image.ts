import { crc32, deflateSync } from 'node:zlib';
import { encode } from 'uqr';

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/**
 * A QR code of `text` as a PNG (1-bit greyscale, `scale` pixels a module, a 4-module quiet zone). The symbol
 * comes from uqr (error correction M); PNG is written here, since a QR picture needs no more than this.
 */
export function qrPng(text: string, scale = 6): Buffer {
  const { data } = encode(text, { ecc: 'M', border: 4 });
  const size = data.length * scale;
  const rowBytes = Math.ceil(size / 8);
  const raw = Buffer.alloc((rowBytes + 1) * size, 0);
  for (let y = 0; y < size; y++) {
    const row = data[Math.floor(y / scale)];
    const offset = y * (rowBytes + 1); // filter byte 0 (none) at the start of each row
    for (let x = 0; x < size; x++) {
      // bit 1 = white in greyscale; dark modules stay 0
      if (!row[Math.floor(x / scale)]) raw[offset + 1 + (x >> 3)] |= 0x80 >> (x & 7);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
