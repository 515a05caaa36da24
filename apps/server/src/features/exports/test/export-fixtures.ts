import type { Readable } from 'node:stream';
import type { DataExport } from '@glimpse/contract';
import yauzl from 'yauzl';
import type { BlobStore, PutOptions } from '../../../platform/storage/blob-store.ts';
import type { Client } from '../../../test/harness.ts';

/** Tests only: reading archives back, watching an export, and a BlobStore that holds or fails. */

/** Every entry of a zip by its path, read with yauzl (an independent reader of the format). */
export function unzip(archive: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(archive, { lazyEntries: true }, (openError, zip) => {
      if (openError) return reject(openError);
      const entries = new Map<string, Buffer>();
      zip.on('error', reject);
      zip.on('end', () => resolve(entries));
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (readError, stream) => {
          if (readError) return reject(readError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('error', reject);
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}

/** A JSON document of the archive. */
export function jsonIn<T = unknown>(entries: Map<string, Buffer>, path: string): T {
  const data = entries.get(path);
  if (!data) throw new Error(`no ${path} in the archive (${[...entries.keys()].join(', ')})`);
  return JSON.parse(data.toString('utf8')) as T;
}

/** The user's exports, newest first, expecting success. */
export async function exportsOf(c: Client): Promise<DataExport[]> {
  const response = await c.get('/api/users/me/exports');
  if (response.statusCode !== 200) throw new Error(`list failed: ${response.body}`);
  return response.json<DataExport[]>();
}

/** Polls the export until `done` holds (every 50 ms, up to 20 s). */
export async function waitForExport(
  c: Client,
  id: string,
  done: (entry: DataExport) => boolean,
): Promise<DataExport> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const entry = (await exportsOf(c)).find((e) => e.id === id);
    if (entry && done(entry)) return entry;
    if (Date.now() > deadline) throw new Error(`export ${id} stayed ${JSON.stringify(entry)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Wraps the server's BlobStore: while `hold` is set, a streamed write waits for `release()`
 * (the archive is written as a stream; the media pipeline writes buffers), and `failPuts`
 * streamed writes fail before storing anything.
 */
export class ControlledBlobStore implements BlobStore {
  failPuts = 0;
  holding = false;
  private releaseHeld: (() => void) | undefined;
  private held: Promise<void> = Promise.resolve();

  constructor(readonly inner: BlobStore) {}

  hold(): void {
    this.holding = true;
    this.held = new Promise((resolve) => (this.releaseHeld = resolve));
  }

  release(): void {
    this.holding = false;
    this.releaseHeld?.();
  }

  get kind() {
    return this.inner.kind;
  }

  async put(key: string, data: Buffer | Readable, options?: PutOptions) {
    if (!Buffer.isBuffer(data)) {
      if (this.failPuts > 0) {
        this.failPuts -= 1;
        data.resume();
        throw new Error('the store refused the write');
      }
      if (this.holding) await this.held;
    }
    return this.inner.put(key, data, options);
  }

  get(key: string, range?: { start: number; end: number }) {
    return this.inner.get(key, range);
  }

  stat(key: string) {
    return this.inner.stat(key);
  }

  delete(key: string) {
    return this.inner.delete(key);
  }

  list(prefix: string) {
    return this.inner.list(prefix);
  }

  deletePrefix(prefix: string) {
    return this.inner.deletePrefix(prefix);
  }

  presignedGetUrl(key: string, ttlSeconds: number) {
    return this.inner.presignedGetUrl(key, ttlSeconds);
  }

  check() {
    return this.inner.check();
  }
}
