import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import S3rver from 's3rver';
import type { S3Settings } from '../platform/storage/s3-blob-store.ts';
import { addMultipartListing } from './s3rver-multipart.ts';

/** s3rver's fixed credentials: it checks signatures made with them. */
const S3RVER_KEY = 'S3RVER';

export interface S3TestServer {
  endpoint: string;
  close(): Promise<void>;
}

/** A real S3-compatible server (s3rver) on a free port, its objects in a temp dir. */
export async function startS3TestServer(): Promise<S3TestServer> {
  const directory = mkdtempSync(path.join(tmpdir(), 'glimpse-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
  addMultipartListing(server, directory);
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    close: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** Settings for a fresh bucket of its own on `endpoint` (created by the store at start). */
export function testS3Settings(endpoint: string): S3Settings {
  return {
    endpoint,
    bucket: `glimpse-test-${randomBytes(6).toString('hex')}`,
    region: 'us-east-1',
    accessKeyId: S3RVER_KEY,
    secretAccessKey: S3RVER_KEY,
    forcePathStyle: true,
  };
}
