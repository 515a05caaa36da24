import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { Story } from '@glimpse/contract';
import { users } from '../db/schema/index.ts';
import type { Client, TestServer } from './harness.ts';

export interface StoryUpload {
  data: Buffer;
  filename?: string;
  contentType?: string;
  model?: Record<string, unknown>;
  meta?: Record<string, unknown>;
}

/** POST /api/stories as multipart: `file`, `model` (JSON) and `meta` (JSON). */
export function postStory(c: Client, upload: StoryUpload): Promise<LightMyRequestResponse> {
  const boundary = `----glimpse-story-${randomBytes(8).toString('hex')}`;
  const field = (name: string, value: string) =>
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    );
  const payload = Buffer.concat([
    field('model', JSON.stringify(upload.model ?? {})),
    field('meta', JSON.stringify(upload.meta ?? {})),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${upload.filename ?? 'story.bin'}"\r\n` +
        `Content-Type: ${upload.contentType ?? 'application/octet-stream'}\r\n\r\n`,
    ),
    upload.data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return c.request({
    method: 'POST',
    url: '/api/stories',
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}

/** Marks a user identity-verified (the verification flow itself arrives with money). */
export async function verifyUser(server: TestServer, userId: number): Promise<void> {
  await server.ctx.db.update(users).set({ verifyOndatoAt: new Date() }).where(eq(users.id, userId));
}

/** Waits for background processing, then reads the story as its owner. */
export async function processedStory(
  server: TestServer,
  owner: Client,
  id: number,
): Promise<Story> {
  await server.ctx.jobs.drain(60_000);
  const response = await owner.get(`/api/stories/${id}`);
  if (response.statusCode !== 200)
    throw new Error(`story ${id}: ${response.statusCode} ${response.body}`);
  return response.json<Story>();
}
