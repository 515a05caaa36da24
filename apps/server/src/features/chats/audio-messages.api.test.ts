import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AUDIO_MAX_SECONDS, AUDIO_UPLOAD_MAX_BYTES, type Message } from '@glimpse/contract';
import { makeAudio } from '../../test/audio-fixtures.ts';
import { signedUpUser } from '../../test/factories.ts';
import { startTestServer, TEST_ORIGIN, type TestServer } from '../../test/harness.ts';
import { solidImage } from '../../test/images.ts';
import { ffprobeBuffer } from '../../test/media-probe.ts';
import { makeVideo } from '../../test/media-fixtures.ts';
import {
  collect,
  connected,
  openSocket,
  waitForCount,
} from '../../platform/realtime/test/socket-test-client.ts';
import { channelOf } from './chat-core.service.ts';
import { messageForViewer } from './chat-messages.service.ts';
import { mediaKeyOf, sendAudio } from './test/audio-upload.ts';

let server: TestServer;
let url: string;
const sockets: Socket[] = [];
beforeAll(async () => {
  server = await startTestServer();
  url = await server.app.listen({ port: 0, host: '127.0.0.1' });
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});
afterAll(async () => {
  await server?.stop();
});

const webm = (seconds = 2) => makeAudio({ seconds, format: 'webm' });

async function voiceMediaCount(ownerId: number): Promise<number> {
  const { rows } = await server.ctx.database.executeSql<{ n: number }>(
    `select count(*)::int as n from media_objects where owner_id = ${ownerId} and kind = 'message_audio'`,
  );
  return rows[0]!.n;
}

async function messagesOf(senderId: number): Promise<{ id: number; chat_id: number }[]> {
  const result = await server.ctx.db.execute<{ id: number; chat_id: number }>(
    sql`select id, chat_id from messages where sender_id = ${senderId} order by id`,
  );
  return result.rows.map((row) => ({ id: Number(row.id), chat_id: Number(row.chat_id) }));
}

describe('POST /api/messages/audio', () => {
  it.each([
    ['a WebM/Opus recording (Chrome, Firefox)', 'webm', 'voice.webm', 'audio/webm;codecs=opus'],
    ['an mp4/AAC recording (Safari)', 'mp4', 'voice.mp4', 'audio/mp4'],
  ] as const)(
    'stores %s as AAC in mp4 that the other member plays and nobody else may fetch',
    async (_name, format, filename, contentType) => {
      const alice = await signedUpUser(server);
      const bob = await signedUpUser(server);
      const carol = await signedUpUser(server);
      const response = await sendAudio(
        alice.client,
        { receiverId: bob.user.id, duration: 2 },
        { data: await makeAudio({ seconds: 2, format }), filename, contentType },
      );
      expect(response.statusCode, response.body).toBe(200);
      const message = response.json<Message>();
      expect(message).toMatchObject({ type: 'audio', own: true, user_id: alice.user.id });
      expect(message.audio_duration).toBeCloseTo(2, 0);
      const key = mediaKeyOf(message.audio_file_url!);

      // The message as Bob's chat shows it: its audio URL is signed for him.
      const bobsCopy = await messageForViewer(server.ctx, bob.user.id, message.id);
      expect(bobsCopy).toMatchObject({ own: false, type: 'audio' });
      const forBob = await bob.client.get(bobsCopy.audio_file_url!);
      expect(forBob.statusCode).toBe(200);
      expect(forBob.headers['content-type']).toBe('audio/mp4');
      const probed = await ffprobeBuffer(forBob.rawPayload, 'voice.m4a');
      expect(probed.format.format_name).toContain('mp4');
      expect(probed.streams.map((s) => [s.codec_type, s.codec_name])).toEqual([['audio', 'aac']]);

      const forCarol = await carol.client.get(server.ctx.mediaSigner.url(key, carol.user.id));
      // A good link for a recording she may not hear: absent to her.
      expect(forCarol.statusCode).toBe(404);
      expect(forCarol.json().err_key).toBe('media_not_found');
    },
  );

  it('reaches the receiver as message.created on their socket', async () => {
    const alice = await signedUpUser(server);
    const bob = await signedUpUser(server);
    const socket = openSocket(url, {
      cookie: `glimpse_session=${bob.client.cookie}`,
      origin: TEST_ORIGIN,
    });
    sockets.push(socket);
    await connected(socket);
    const created = collect(socket, 'message.created');
    const response = await sendAudio(
      alice.client,
      { receiverId: bob.user.id },
      { data: await webm() },
    );
    expect(response.statusCode, response.body).toBe(200);
    await waitForCount(created, 1);
    expect(created[0]).toMatchObject({
      message_id: response.json<Message>().id,
      chat_id: response.json<Message>().chat_id,
      sender_id: alice.user.id,
    });
  });

  it('posts once for a retried client id, answering the first message without decoding again', async () => {
    const alice = await signedUpUser(server);
    const bob = await signedUpUser(server);
    const clientId = randomUUID();
    const first = await sendAudio(
      alice.client,
      { receiverId: bob.user.id, client_id: clientId },
      { data: await webm() },
    );
    // The retry's body is not even audio: it is never looked at, the first message answers.
    const retry = await sendAudio(
      alice.client,
      { receiverId: bob.user.id, client_id: clientId },
      { data: randomBytes(2048) },
    );
    expect(first.statusCode, first.body).toBe(200);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json<Message>().id).toBe(first.json<Message>().id);
    expect(await messagesOf(alice.user.id)).toHaveLength(1);
    expect(await voiceMediaCount(alice.user.id)).toBe(1);
  });

  it('answers 422 idempotency_mismatch for a client id reused for another chat', async () => {
    const [alice, bob, carol] = [
      await signedUpUser(server),
      await signedUpUser(server),
      await signedUpUser(server),
    ];
    const clientId = randomUUID();
    const toBob = { receiverId: bob.user.id, client_id: clientId };
    expect((await sendAudio(alice.client, toBob, { data: await webm() })).statusCode).toBe(200);
    const toCarol = await sendAudio(
      alice.client,
      { receiverId: carol.user.id, client_id: clientId },
      { data: await webm() },
    );
    expect([toCarol.statusCode, toCarol.json().err_key]).toEqual([422, 'idempotency_mismatch']);
    const channel = (await channelOf(server.ctx, alice.user.id))!;
    const toChannel = await sendAudio(
      alice.client,
      { chatId: channel, client_id: clientId },
      { data: await webm() },
    );
    expect([toChannel.statusCode, toChannel.json().err_key]).toEqual([422, 'idempotency_mismatch']);
    expect(await messagesOf(alice.user.id)).toHaveLength(1);
  });

  it('lets a channel owner post audio into the channel, and refuses its viewers before storing', async () => {
    const owner = await signedUpUser(server);
    const viewer = await signedUpUser(server);
    expect((await viewer.client.post(`/api/users/${owner.user.id}/follow`)).statusCode).toBe(200);
    const channel = (await channelOf(server.ctx, owner.user.id))!;

    const byOwner = await sendAudio(owner.client, { chatId: channel }, { data: await webm() });
    expect(byOwner.statusCode, byOwner.body).toBe(200);
    expect(byOwner.json<Message>()).toMatchObject({ chat_id: channel, type: 'audio' });

    // Random bytes: refused for the role, so never decoded (not_an_audio would say otherwise).
    const byViewer = await sendAudio(
      viewer.client,
      { chatId: channel },
      { data: randomBytes(512) },
    );
    expect(byViewer.statusCode).toBe(400);
    expect(byViewer.json().err_key).toBe('cannot_send_msg');
    const realByViewer = await sendAudio(
      viewer.client,
      { chatId: channel },
      { data: await webm() },
    );
    expect(realByViewer.json().err_key).toBe('cannot_send_msg');
    expect(await messagesOf(viewer.user.id)).toEqual([]);
    expect(await voiceMediaCount(viewer.user.id)).toBe(0);
  });

  it('answers chat_not_found for a chat the sender is not in', async () => {
    const stranger = await signedUpUser(server);
    const owner = await signedUpUser(server);
    const channel = (await channelOf(server.ctx, owner.user.id))!;
    const response = await sendAudio(stranger.client, { chatId: channel }, { data: await webm() });
    expect(response.statusCode).toBe(404);
    expect(response.json().err_key).toBe('chat_not_found');
  });

  it.each([
    ['an image', () => solidImage('png')],
    ['a video without sound', () => makeVideo({ seconds: 1, audio: false })],
    ['random bytes', async () => randomBytes(4096)],
    ['an empty file', async () => Buffer.alloc(0)],
  ])('refuses %s with not_an_audio and stores nothing', async (_name, make) => {
    const alice = await signedUpUser(server);
    const bob = await signedUpUser(server);
    const response = await sendAudio(
      alice.client,
      { receiverId: bob.user.id },
      { data: await make() },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().err_key).toBe('not_an_audio');
    expect(await messagesOf(alice.user.id)).toEqual([]);
    expect(await voiceMediaCount(alice.user.id)).toBe(0);
  });

  it('refuses a recording longer than the maximum with audio_too_long', async () => {
    const alice = await signedUpUser(server);
    const bob = await signedUpUser(server);
    const response = await sendAudio(
      alice.client,
      { receiverId: bob.user.id },
      { data: await makeAudio({ seconds: AUDIO_MAX_SECONDS + 5, format: 'streamed-webm' }) },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().err_key).toBe('audio_too_long');
    expect(await messagesOf(alice.user.id)).toEqual([]);
  });

  it('answers file_missing, file_too_large and field errors for a broken form', async () => {
    const alice = await signedUpUser(server);
    const bob = await signedUpUser(server);
    const missing = await sendAudio(alice.client, { receiverId: bob.user.id }, undefined);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().err_key).toBe('file_missing');

    const huge = await sendAudio(
      alice.client,
      { receiverId: bob.user.id },
      { data: Buffer.alloc(AUDIO_UPLOAD_MAX_BYTES + 1, 1) },
    );
    expect(huge.statusCode).toBe(413);
    expect(huge.json().err_key).toBe('file_too_large');

    const noTarget = await sendAudio(alice.client, {}, { data: await webm() });
    expect(noTarget.statusCode).toBe(400);
    expect(noTarget.json().err_key).toBe('validation_failed');
    expect(await messagesOf(alice.user.id)).toEqual([]);
  });

  it('answers 400 to a malformed multipart body and 401 without a session', async () => {
    const alice = await signedUpUser(server);
    const malformed = await alice.client.request({
      method: 'POST',
      url: '/api/messages/audio',
      payload: '--x\r\nContent-Disposition: form-data; name="audio"; filename="a"\r\n\r\nabc',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
    });
    expect(malformed.statusCode).toBe(400);
    const anonymous = await server.app.inject({
      method: 'POST',
      url: '/api/messages/audio',
      headers: { origin: TEST_ORIGIN, 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x--\r\n',
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
