import path from 'node:path';
import type { Config } from '../config/config.ts';
import type { BlobStore } from './blob-store.ts';
import { LocalDiskBlobStore } from './local-disk-blob-store.ts';
import { S3BlobStore } from './s3-blob-store.ts';

/**
 * The store the config names: an S3-compatible bucket when S3_BUCKET is set, else local disk
 * under DATA_DIR/media (the embedded default). The bucket is created when missing.
 */
export async function createBlobStore(config: Config): Promise<BlobStore> {
  if (!config.s3) return new LocalDiskBlobStore(path.join(config.dataDir, 'media'));
  const store = new S3BlobStore(config.s3);
  await store.ensureBucket();
  return store;
}
