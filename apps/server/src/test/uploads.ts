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

const TUS = { 'tus-resumable': '1.0.0' };

/** POST /api/uploads (tus): an upload of `length` bytes; its id from the Location header. */
export async function tusCreate(
  c: Client,
  length: number,
  filename = 'clip.mp4',
): Promise<{ response: LightMyRequestResponse; id: string }> {
  const b64 = (value: string) => Buffer.from(value).toString('base64');
  const response = await c.request({
    method: 'POST',
    url: '/api/uploads',
    headers: {
      ...TUS,
      'upload-length': String(length),
      'upload-metadata': `filename ${b64(filename)},filetype ${b64('application/octet-stream')}`,
    },
  });
  const location = String(response.headers.location ?? '');
  return { response, id: location.slice(location.lastIndexOf('/') + 1) };
}

/** PATCH /api/uploads/{id}: `chunk` written at `offset`. */
export function tusPatch(
  c: Client,
  id: string,
  offset: number,
  chunk: Buffer,
): Promise<LightMyRequestResponse> {
  return c.request({
    method: 'PATCH',
    url: `/api/uploads/${id}`,
    headers: {
      ...TUS,
      'content-type': 'application/offset+octet-stream',
      'upload-offset': String(offset),
    },
    payload: chunk,
  });
}

/** HEAD /api/uploads/{id}: where to resume (`upload-offset`). */
export function tusHead(c: Client, id: string): Promise<LightMyRequestResponse> {
  return c.request({ method: 'HEAD', url: `/api/uploads/${id}`, headers: TUS });
}

/** A whole file uploaded with tus in one PATCH; answers the upload id. */
export async function tusUpload(c: Client, data: Buffer, filename?: string): Promise<string> {
  const { response, id } = await tusCreate(c, data.length, filename);
  if (response.statusCode !== 201) throw new Error(`tus create: ${response.statusCode}`);
  const patched = await tusPatch(c, id, 0, data);
  if (patched.statusCode !== 204) throw new Error(`tus patch: ${patched.statusCode}`);
  return id;
}
