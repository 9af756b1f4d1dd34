import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { PassThrough, Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type ListObjectsV2CommandOutput,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { S3StorageConfig } from '../../core/config';
import { checkKey, checkListPrefix, newKey, type FileStorage, type ListedObject, type StoredObject } from './storage';

/** Multipart parts of 8 MiB, 2 at a time: a 200 MB upload holds about 16 MiB in memory, whatever its size. */
const PART_SIZE = 8 * 1024 * 1024;
const QUEUE_SIZE = 2;

export function s3Client(config: S3StorageConfig): S3Client {
  return new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    // the SDK's default CRC32 checksums on every request are not understood by many S3-compatible stores
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

function isNotFound(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NotFound' || e?.name === 'NoSuchKey' || e?.$metadata?.httpStatusCode === 404;
}

/** A pass-through that hashes and counts what flows through it. */
function hashing(): { stream: Transform; result: () => { size: number; sha256: string } } {
  const hash = createHash('sha256');
  let size = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _enc, done) {
      hash.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  return { stream, result: () => ({ size, sha256: hash.digest('hex') }) };
}

/**
 * Objects in one bucket of an S3-compatible store, under the same generated keys as the local disk storage. A
 * file from disk goes up in multipart parts as it is read; a failed multipart upload is aborted (no parts left).
 */
export function s3Storage(config: S3StorageConfig, client: S3Client = s3Client(config)): FileStorage {
  const Bucket = config.bucket;
  const write = async (key: string, bytes: Uint8Array): Promise<StoredObject> => {
    checkKey(key);
    await client.send(new PutObjectCommand({ Bucket, Key: key, Body: bytes, ContentLength: bytes.byteLength }));
    return { key, size: bytes.byteLength, sha256: createHash('sha256').update(bytes).digest('hex') };
  };
  return {
    put: async (prefix, bytes) => write(newKey(prefix), bytes),
    putAt: write,
    putFile: (prefix, file) => uploadFile(client, Bucket, newKey(prefix), file),
    async size(key) {
      checkKey(key);
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return head.ContentLength ?? 0;
      } catch (err) {
        if (isNotFound(err)) return null;
        throw err;
      }
    },
    open(key, range) {
      checkKey(key);
      return openObject(client, Bucket, key, range);
    },
    async read(key) {
      checkKey(key);
      const got = await client.send(new GetObjectCommand({ Bucket, Key: key }));
      return Buffer.from(await (got.Body as { transformToByteArray(): Promise<Uint8Array> }).transformToByteArray());
    },
    async delete(key) {
      checkKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key })); // S3 answers 204 for a missing key too
    },
    list: async (prefix = '') => listObjects(client, Bucket, prefix),
  };
}

async function uploadFile(client: S3Client, Bucket: string, key: string, file: string): Promise<StoredObject> {
  await stat(file); // a missing source fails here, before any request
  const { stream, result } = hashing();
  const source = pipeline(createReadStream(file), stream);
  const upload = new Upload({ client, params: { Bucket, Key: key, Body: stream }, partSize: PART_SIZE, queueSize: QUEUE_SIZE });
  try {
    await Promise.all([upload.done(), source]);
  } catch (err) {
    stream.destroy();
    await upload.abort().catch(() => undefined);
    throw err;
  }
  return { key, ...result() };
}

/** A stream answered at once (the interface is synchronous) and fed by GetObject, erroring when that fails. */
function openObject(client: S3Client, Bucket: string, key: string, range?: { start: number; end: number }): Readable {
  const out = new PassThrough();
  const abort = new AbortController();
  out.once('close', () => abort.abort()); // the reader went away: stop fetching
  const Range = range ? `bytes=${range.start}-${range.end}` : undefined;
  client
    .send(new GetObjectCommand({ Bucket, Key: key, Range }), { abortSignal: abort.signal })
    .then((got) => pipeline(got.Body as Readable, out))
    .catch((err: unknown) => {
      if (!out.destroyed) out.destroy(err as Error);
    });
  return out;
}

async function listObjects(client: S3Client, Bucket: string, prefix: string): Promise<ListedObject[]> {
  checkListPrefix(prefix);
  const listed: ListedObject[] = [];
  let ContinuationToken: string | undefined;
  do {
    const page: ListObjectsV2CommandOutput = await client.send(
      new ListObjectsV2Command({ Bucket, Prefix: prefix === '' ? undefined : `${prefix}/`, ContinuationToken }),
    );
    for (const o of page.Contents ?? []) {
      if (o.Key) listed.push({ key: o.Key, size: o.Size ?? 0, modified: o.LastModified ?? new Date(0) });
    }
    ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (ContinuationToken);
  return listed.sort((a, b) => a.key.localeCompare(b.key));
}
