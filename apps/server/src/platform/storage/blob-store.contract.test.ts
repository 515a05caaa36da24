import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3TestServer, testS3Settings, type S3TestServer } from '../../test/s3-test-server.ts';
import { newBlobKey, type BlobStore } from './blob-store.ts';
import { LocalDiskBlobStore } from './local-disk-blob-store.ts';
import { S3BlobStore } from './s3-blob-store.ts';

let s3: S3TestServer;
let diskRoot: string;
const stores: Record<'local' | 's3', BlobStore> = {} as never;

beforeAll(async () => {
  s3 = await startS3TestServer();
  const bucket = new S3BlobStore(testS3Settings(s3.endpoint));
  await bucket.ensureBucket();
  stores.s3 = bucket;
  diskRoot = mkdtempSync(path.join(tmpdir(), 'glimpse-blobs-'));
  stores.local = new LocalDiskBlobStore(diskRoot);
});

afterAll(async () => {
  (stores.s3 as S3BlobStore).close();
  await s3.close();
  rmSync(diskRoot, { recursive: true, force: true });
});

/** Bytes that differ at every offset, so a wrong range shows. */
function patterned(length: number): Buffer {
  return Buffer.from(Array.from({ length }, (_, i) => (i * 7 + 3) % 251));
}

describe.each(['local', 's3'] as const)('the %s blob store', (kind) => {
  const store = () => stores[kind];

  it('keeps a buffer and answers its size and any byte range of it', async () => {
    const key = newBlobKey();
    const data = patterned(10_000);
    expect(await store().put(key, data)).toEqual({ bytes: 10_000 });
    expect(await store().stat(key)).toEqual({ bytes: 10_000 });
    expect(await buffer((await store().get(key))!)).toEqual(data);
    const part = await store().get(key, { start: 1_000, end: 1_999 });
    expect(await buffer(part!)).toEqual(data.subarray(1_000, 2_000));
  });

  it('keeps a stream longer than one multipart part', async () => {
    const key = newBlobKey();
    const data = patterned(9 * 1024 * 1024);
    // Chunks of 64 KiB, as a request body or a transcoder's output arrives.
    const chunks = Array.from({ length: data.length / 65_536 }, (_, i) =>
      data.subarray(i * 65_536, (i + 1) * 65_536),
    );
    expect(await store().put(key, Readable.from(chunks))).toEqual({ bytes: data.length });
    const back = await buffer((await store().get(key))!);
    expect(back.equals(data)).toBe(true);
  });

  it('answers undefined for a blob that is not there, and after its deletion', async () => {
    const key = newBlobKey();
    expect(await store().get(key)).toBeUndefined();
    expect(await store().stat(key)).toBeUndefined();
    await store().put(key, Buffer.from('gone soon'));
    await store().delete(key);
    expect(await store().stat(key)).toBeUndefined();
    await expect(store().delete(key)).resolves.toBeUndefined();
  });

  it('lists and deletes namespaced keys by prefix, and nothing beside them', async () => {
    const root = `live/${Date.now()}-${kind}`;
    const keys = ['index.m3u8', 'seg-00001.ts', 'seg-00002.ts', 'replay/part.mp4'].map(
      (name) => `${root}/${name}`,
    );
    for (const key of keys) await store().put(key, Buffer.from(key));
    await store().put(`${root}-other/index.m3u8`, Buffer.from('neighbour'));
    expect((await store().list(`${root}/`)).sort()).toEqual([...keys].sort());
    await store().deletePrefix(`${root}/`);
    expect(await store().list(`${root}/`)).toEqual([]);
    expect(await store().stat(`${root}-other/index.m3u8`)).toEqual({ bytes: 9 });
  });

  it('refuses keys that could climb out of their place', async () => {
    for (const key of ['../secret', 'a/../../b', '.hidden', 'a//b', '/abs', 'a\\b']) {
      await expect(store().put(key, Buffer.from('x'))).rejects.toThrow(/invalid blob key/);
      expect(await store().stat(key)).toBeUndefined();
    }
    await expect(store().list('../')).rejects.toThrow(/invalid blob prefix/);
  });

  it('reports itself healthy while it can be written', async () => {
    await expect(store().check()).resolves.toBeUndefined();
  });
});

describe('presigned URLs', () => {
  it('are made only by object storage, and serve the blob over plain HTTP', async () => {
    const key = newBlobKey();
    await stores.s3.put(key, Buffer.from('straight from the bucket'), {
      contentType: 'text/plain',
    });
    const url = await stores.s3.presignedGetUrl(key, 30);
    const answer = await fetch(url!);
    expect(answer.status).toBe(200);
    expect(await answer.text()).toBe('straight from the bucket');
    expect(await stores.local.presignedGetUrl(key, 30)).toBeUndefined();
  });

  it('are refused once their time is up', async () => {
    const key = newBlobKey();
    await stores.s3.put(key, Buffer.from('short-lived'));
    const url = await stores.s3.presignedGetUrl(key, 1);
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    expect((await fetch(url!)).status).toBe(403);
  });
});
