import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3StorageConfig } from '../src/core/config';

export interface TestS3 {
  /** A config for `bucket` (made on start) of the server. */
  config: S3StorageConfig;
  /** The STORAGE=s3 environment of the same bucket. */
  env: Record<string, string>;
  close: () => Promise<void>;
}

/** An S3-compatible server (s3rver, files in a temporary folder) on a loopback port, with `bucket` made. */
export async function startS3(bucket = 'test-bucket'): Promise<TestS3> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 's3rver-test-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
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
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
