import { Transform, type Readable } from 'node:stream';
import yazl from 'yazl';
import type { BlobStore } from '../../platform/storage/blob-store.ts';

/** A document of the archive: JSON written pretty so people can read it as it is, or text. */
export type ArchiveDocument = { path: string; value: unknown } | { path: string; text: string };

/** A stored file copied into the archive, read from the BlobStore as the archive is written. */
export interface ArchiveFile {
  path: string;
  key: string;
  bytes: number;
}

export interface ArchiveContent {
  documents: ArchiveDocument[];
  files: ArchiveFile[];
}

/** Counts the bytes passing through, for the progress bar. */
function byteCounter(onBytes: (count: number) => void): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      onBytes(chunk.length);
      done(null, chunk);
    },
  });
}

/**
 * Streams a zip of `content` into the BlobStore under `key` and answers its size. Media files are
 * stored as they are (photos and videos are compressed already; deflating them again costs CPU
 * for nothing); the JSON is deflated. Files are read one at a time, so memory stays flat
 * whatever the archive's size. `onFraction` hears how much of the input (0-1) was written.
 */
export async function writeArchive(
  blobs: BlobStore,
  key: string,
  content: ArchiveContent,
  onFraction: (fraction: number) => void,
): Promise<number> {
  const zip = new yazl.ZipFile();
  const output = zip.outputStream as unknown as Readable & { destroy(error?: Error): void };
  // A failed read fails the archive: the store's write rejects and drops what it had written.
  zip.on('error', (error: Error) => output.destroy(error));
  const stored = blobs.put(key, output);

  const buffers = content.documents.map((doc) => ({
    path: doc.path,
    data: Buffer.from('text' in doc ? doc.text : `${JSON.stringify(doc.value, null, 2)}\n`),
  }));
  const total =
    buffers.reduce((sum, doc) => sum + doc.data.length, 0) +
    content.files.reduce((sum, file) => sum + file.bytes, 0);
  let written = 0;
  const advance = (count: number) => {
    written += count;
    if (total > 0) onFraction(Math.min(written / total, 1));
  };

  for (const doc of buffers) {
    zip.addBuffer(doc.data, doc.path);
    advance(doc.data.length);
  }
  for (const file of content.files) {
    zip.addReadStreamLazy(file.path, { compress: false }, (callback) => {
      blobs.get(file.key).then(
        (source) => {
          if (!source) return zip.emit('error', new Error(`blob ${file.key} is gone`));
          const counted = byteCounter(advance);
          source.on('error', (error) => zip.emit('error', error));
          callback(null, source.pipe(counted));
        },
        (error: unknown) => zip.emit('error', error),
      );
    });
  }
  zip.end();
  const { bytes } = await stored;
  return bytes;
}
