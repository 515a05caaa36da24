import { randomBytes, randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import type { Client } from '../../../test/harness.ts';

export interface AudioPart {
  data: Buffer;
  filename?: string;
  contentType?: string;
}

/**
 * Tests only: POST /api/messages/audio as a browser sends a recording: the text fields first,
 * then the file `audio` (left out when `audio` is undefined). A fresh client id unless given.
 */
export function sendAudio(
  c: Client,
  fields: Record<string, string | number>,
  audio: AudioPart | undefined,
): Promise<LightMyRequestResponse> {
  const boundary = `----glimpse-audio-${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries({ client_id: randomUUID(), ...fields })) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  if (audio) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="audio"; filename="${audio.filename ?? 'voice.webm'}"\r\n` +
          `Content-Type: ${audio.contentType ?? 'audio/webm;codecs=opus'}\r\n\r\n`,
      ),
      audio.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return c.request({
    method: 'POST',
    url: '/api/messages/audio',
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}

/** The blob key in a signed media URL (`/media/{key}?u=...`). */
export function mediaKeyOf(url: string): string {
  return url.split('/media/')[1]!.split('?')[0]!;
}
