import type { StorageConfig } from '../../core/config';
import { s3Storage } from './s3-storage';
import { localDiskStorage, type FileStorage } from './storage';

/**
 * The storage the settings name: local disk under `localRoot()` (called only then, so an S3 site makes no local
 * files folder), or the S3 bucket.
 */
export function createStorage(config: StorageConfig, localRoot: () => string): FileStorage {
  return config.kind === 's3' ? s3Storage(config.s3) : localDiskStorage(localRoot());
}
