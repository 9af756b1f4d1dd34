import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { S3StorageConfig } from '../src/core/config';

export interface TestS3 {
  /** A config for `bucket` (made on start) of the server. */
  config: S3StorageConfig;
  /** The STORAGE=s3 environment of the same bucket. */
  env: Record<string, string>;
  close: () => Promise<void>;
}

/** Starts test/s3rver-child.cjs (files in `directory`) and answers its loopback port. */
async function startChild(directory: string, bucket: string) {
  const child = spawn(process.execPath, ['--openssl-legacy-provider', path.join(__dirname, 's3rver-child.cjs'), directory, bucket], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const exited = once(child, 'exit');
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout.once('data', (line: Buffer) => resolve(Number(line.toString().trim())));
    child.once('exit', (code) => reject(new Error(`s3rver exited (${code}) before it listened`)));
  });
  return { port, stop: async () => void (child.stdin.end(), await exited) };
}

/** An S3-compatible server (s3rver, in a child process, files in a temporary folder) on a loopback port, with `bucket` made. */
export async function startS3(bucket = 'test-bucket'): Promise<TestS3> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 's3rver-test-'));
  const server = await startChild(directory, bucket);
  const endpoint = `http://127.0.0.1:${server.port}`;
  // s3rver checks signatures against these fixed credentials
  const config = { endpoint, region: 'us-east-1', bucket, accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true };
  return {
    config,
    env: {
      STORAGE: 's3',
      S3_ENDPOINT: endpoint,
      S3_REGION: config.region,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: config.accessKeyId,
      S3_SECRET_ACCESS_KEY: config.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    close: async () => {
      await server.stop();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
