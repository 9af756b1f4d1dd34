import type { StorageConfig } from '../../core/config';
import { localDiskStorage, type FileStorage } from './storage';

/**
 * The storage the settings name: local disk under `localRoot()` (called only then, so an S3 site makes no local
 * files folder), or the S3 bucket.
 */
export function createStorage(config: StorageConfig, localRoot: () => string): FileStorage {
  if (config.kind !== 's3') return localDiskStorage(localRoot());
  // loaded only for S3: the AWS SDK is about 6 MB of a process's memory that a site on local disk does not need
  const { s3Storage } = require('./s3-storage') as typeof import('./s3-storage');
  return s3Storage(config.s3);
}
