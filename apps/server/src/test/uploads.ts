import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import type { Client } from './harness.ts';

export interface FilePart {
  data: Buffer;
  filename: string;
  contentType: string;
  /** Form field name; `file` unless a test wants another. */
  field?: string;
}

/** A multipart/form-data body built by hand, as a browser would send it. */
export function multipartBody(parts: FilePart[]): { payload: Buffer; contentType: string } {
  const boundary = `----glimpse-test-${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\n` +
          `Content-Disposition: form-data; name="${part.field ?? 'file'}"; filename="${part.filename}"\r\n` +
          `Content-Type: ${part.contentType}\r\n\r\n`,
      ),
      part.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** POST /api/users/me/avatar with the given parts (none: an empty form). */
export function uploadAvatar(c: Client, ...parts: FilePart[]): Promise<LightMyRequestResponse> {
  const { payload, contentType } = multipartBody(parts);
  return c.request({
    method: 'POST',
    url: '/api/users/me/avatar',
    payload,
    headers: { 'content-type': contentType },
  });
}

/** The blob key inside a signed media URL (`/media/{key}?u=..&e=..&s=..`). */
export function mediaKeyOf(url: string): string {
  const match = /^\/media\/([^?]+)\?/.exec(url);
  if (!match) throw new Error(`not a media URL: ${url}`);
  return match[1]!;
}
