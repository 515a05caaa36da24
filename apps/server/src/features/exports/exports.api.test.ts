import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATA_EXPORT_TTL_DAYS, type DataExport } from '@glimpse/contract';
import { dataExports } from '../../db/schema/index.ts';
import { client, startTestServer, type TestServer } from '../../test/harness.ts';
import { solidImage } from '../../test/images.ts';
import { startSmtpSink, type SmtpSink } from '../../test/smtp-sink.ts';
import { postStory, processedStory } from '../../test/stories.ts';
import { makeAudio } from '../../test/audio-fixtures.ts';
import { uploadAvatar } from '../../test/uploads.ts';
import { sendAudio } from '../chats/test/audio-upload.ts';
import { creator, fundWallet, pay, sent } from '../chats/test/chat-fixtures.ts';
import { sweepExports } from './export-sweeper.ts';
import {
  ControlledBlobStore,
  exportsOf,
  jsonIn,
  unzip,
  waitForExport,
} from './test/export-fixtures.ts';

let server: TestServer;
let sink: SmtpSink;
let blobs: ControlledBlobStore;
beforeAll(async () => {
  sink = await startSmtpSink();
  server = await startTestServer({ smtpUrl: sink.url });
  blobs = new ControlledBlobStore(server.ctx.blobs);
  server.ctx.blobs = blobs;
});
afterAll(async () => {
  await server?.stop();
  await sink?.close();
});

type Person = Awaited<ReturnType<typeof creator>> & { email: string };

async function person(): Promise<Person> {
  const made = await creator(server, { subscribePriceCents: 300 });
  const me = (await made.client.get('/api/auth/me')).json<{ email: string }>();
  await fundWallet(server, made.id, 5_000);
  return { ...made, email: me.email };
}

async function requestExport(p: { client: Person['client'] }): Promise<DataExport> {
  const response = await p.client.post('/api/users/me/exports');
  expect(response.statusCode, response.body).toBe(201);
  return response.json<DataExport>();
}

async function readyExport(p: Person): Promise<DataExport> {
  const requested = await requestExport(p);
  await server.ctx.jobs.drain(60_000);
  return waitForExport(p.client, requested.id, (e) => e.status === 'ready');
}

const blobKeyOf = async (id: string) =>
  (await server.ctx.db.select().from(dataExports).where(eq(dataExports.id, id)))[0]!.blobKey;

describe('a data export', () => {
  it("holds the user's profile, stories with their files, messages they sent and money, and nothing of anyone else's", async () => {
    const owner = await person();
    const other = await person();
    const photo = await solidImage('png', 120, 200);
    const posted = await postStory(owner.client, {
      data: photo,
      filename: 'beach.png',
      contentType: 'image/png',
      model: { text: 'OWNER-STORY at the beach' },
    });
    expect(posted.statusCode, posted.body).toBe(201);
    const ownStory = await processedStory(server, owner.client, posted.json<{ id: number }>().id);
    const othersPost = await postStory(other.client, {
      data: await solidImage('png', 90, 160),
      filename: 'secret.png',
      contentType: 'image/png',
      model: { text: 'OTHER-STORY-SECRET' },
    });
    const othersStory = await processedStory(
      server,
      other.client,
      othersPost.json<{ id: number }>().id,
    );

    const avatar = await uploadAvatar(owner.client, {
      data: await solidImage('png', 64, 64),
      filename: 'me.png',
      contentType: 'image/png',
    });
    expect(avatar.statusCode, avatar.body).toBe(200);

    // One direct chat, both writing and speaking in it; tips both ways with notes; a subscription.
    const mine = await sent(owner, other, 'OWNER-MESSAGE hello');
    await sent(other, owner, 'OTHER-MESSAGE-SECRET reply');
    const recording = await makeAudio({ seconds: 1 });
    const myVoice = await sendAudio(owner.client, { receiverId: other.id }, { data: recording });
    expect(myVoice.statusCode, myVoice.body).toBe(200);
    const theirVoice = await sendAudio(other.client, { receiverId: owner.id }, { data: recording });
    expect(theirVoice.statusCode, theirVoice.body).toBe(200);
    const tipOut = await pay(owner.client, 'POST', '/api/tips', {
      user_id: other.id,
      amount: 2,
      message: 'OWNER-TIP-NOTE',
    });
    expect(tipOut.statusCode, tipOut.body).toBe(200);
    const tipIn = await pay(other.client, 'POST', '/api/tips', {
      user_id: owner.id,
      amount: 3,
      message: 'OTHER-TIP-NOTE-SECRET',
      story_id: ownStory.id,
    });
    expect(tipIn.statusCode, tipIn.body).toBe(200);
    const subscribed = await pay(owner.client, 'POST', `/api/users/${other.id}/subscribe`, {});
    expect(subscribed.statusCode, subscribed.body).toBe(200);
    await server.ctx.jobs.drain(60_000);

    const requested = await requestExport(owner);
    expect(requested).toMatchObject({ status: 'pending', progress: 0, download_url: null });
    await server.ctx.jobs.drain(60_000);
    const ready = await waitForExport(owner.client, requested.id, (e) => e.status === 'ready');
    expect(ready.progress).toBe(100);
    expect(ready.download_url).toBe(`/api/users/me/exports/${ready.id}/download`);
    expect(Date.parse(ready.expires_at!) - Date.parse(ready.ready_at!)).toBe(
      DATA_EXPORT_TTL_DAYS * 86_400_000,
    );

    const download = await owner.client.get(ready.download_url!);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');
    expect(download.headers['content-disposition']).toMatch(
      /^attachment; filename="glimpse-data-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    expect(download.rawPayload.length).toBe(ready.size_bytes);
    const entries = await unzip(download.rawPayload);

    expect(jsonIn(entries, 'profile.json')).toMatchObject({
      id: owner.id,
      handle: owner.slug,
      email: owner.email,
      subscription_price_cents: 300,
      avatar_file: 'profile/avatar.webp',
    });
    expect(entries.get('profile/avatar.webp')!.subarray(8, 12).toString()).toBe('WEBP');
    const stories = jsonIn<{ id: number; text: string; file: string }[]>(entries, 'stories.json');
    expect(stories.map((s) => [s.id, s.text])).toEqual([[ownStory.id, 'OWNER-STORY at the beach']]);
    // The file as it was uploaded, byte for byte.
    expect(stories[0]!.file).toBe(`stories/${ownStory.id}/original.png`);
    expect(entries.get(stories[0]!.file)!.equals(photo)).toBe(true);
    expect([...entries.keys()].filter((path) => path.startsWith('stories/'))).toEqual([
      stories[0]!.file,
    ]);

    const messages = jsonIn<{ id: number; text: string; chat: { with: string } }[]>(
      entries,
      'messages.json',
    );
    expect(messages.map((m) => m.id)).toContain(mine.id);
    expect(messages.find((m) => m.id === mine.id)).toMatchObject({
      text: 'OWNER-MESSAGE hello',
      chat: { kind: 'direct', with: other.slug },
    });
    // Only the owner's own recording: the other's voice message is theirs.
    const voiceId = myVoice.json<{ id: number }>().id;
    expect(messages.find((m) => m.id === voiceId)).toMatchObject({
      type: 'audio',
      audio_file: `messages/audio/${voiceId}.m4a`,
    });
    expect(messages.some((m) => m.id === theirVoice.json<{ id: number }>().id)).toBe(false);
    expect([...entries.keys()].filter((path) => path.startsWith('messages/'))).toEqual([
      `messages/audio/${voiceId}.m4a`,
    ]);
    expect(entries.get(`messages/audio/${voiceId}.m4a`)!.subarray(4, 8).toString()).toBe('ftyp');

    expect(jsonIn(entries, 'tips.json')).toMatchObject({
      sent: [{ creator: other.slug, amount_cents: 200, note: 'OWNER-TIP-NOTE' }],
      received: [{ story_id: ownStory.id, amount_cents: 300 }],
    });
    const received = jsonIn<{ received: object[] }>(entries, 'tips.json').received[0]!;
    expect(Object.keys(received).sort()).toEqual(['amount_cents', 'received_at', 'story_id']);
    expect(jsonIn(entries, 'subscriptions.json')).toMatchObject([
      { creator: other.slug, price_cents: 300, period_months: 1 },
    ]);
    const ledger = jsonIn<{ accounts: { kind: string }[]; entries: unknown[] }>(
      entries,
      'ledger.json',
    );
    expect(ledger.accounts.map((a) => a.kind)).toEqual(
      expect.arrayContaining(['wallet', 'earnings_pending']),
    );
    // Funding, the tip out, the subscription, and the tip in (its creator share).
    expect(ledger.entries.length).toBeGreaterThanOrEqual(4);
    expect(entries.get('README.txt')!.toString()).toContain('messages.json');

    // Nothing the other person wrote or posted, anywhere in the archive.
    const everything = [...entries.values()].map((data) => data.toString('latin1')).join('\n');
    for (const secret of ['OTHER-STORY-SECRET', 'OTHER-MESSAGE-SECRET', 'OTHER-TIP-NOTE-SECRET'])
      expect(everything).not.toContain(secret);
    expect(everything).not.toContain(other.email);
    expect(stories.some((s) => s.id === othersStory.id)).toBe(false);

    // The mail says it is ready and leads to the signed-in page, never to the archive itself.
    const mail = await sink.waitForMail(owner.email, (m) => (m.subject ?? '').includes('data'));
    expect(mail.subject).toBe('Your Glimpse data is ready to download');
    expect(mail.text).toContain(`${server.config.publicUrl}/me/settings/security`);
    expect(mail.text).not.toContain(ready.id);
  });

  it('shows its progress while building, one at a time, at most three a day (failed ones not counted)', async () => {
    const owner = await person();
    blobs.hold();
    const first = await requestExport(owner);
    const again = await owner.client.post('/api/users/me/exports');
    expect([again.statusCode, again.json().err_key]).toEqual([409, 'export_in_progress']);
    // Held while the archive is written: past the collecting, short of done.
    const building = await waitForExport(
      owner.client,
      first.id,
      (e) => e.status === 'building' && e.progress >= 10,
    );
    expect(building.progress).toBeLessThan(100);
    expect(building).toMatchObject({ download_url: null, ready_at: null, size_bytes: null });
    blobs.release();
    await server.ctx.jobs.drain(60_000);
    await waitForExport(owner.client, first.id, (e) => e.status === 'ready');

    await readyExport(owner);
    const third = await readyExport(owner);
    const fourth = await owner.client.post('/api/users/me/exports');
    expect([fourth.statusCode, fourth.json().err_key]).toEqual([429, 'rate_limited']);
    await server.ctx.db
      .update(dataExports)
      .set({ status: 'failed', blobKey: null })
      .where(eq(dataExports.id, third.id));
    await readyExport(owner);

    const list = await exportsOf(owner.client);
    expect(list.map((e) => e.status)).toEqual(['ready', 'failed', 'ready', 'ready']);
    expect(list[1]).toMatchObject({ download_url: null, progress: expect.any(Number) });
  });

  it('is downloaded by its owner only: others get 404 export_not_found, signed out 401', async () => {
    const owner = await person();
    const other = await person();
    const ready = await readyExport(owner);
    const url = ready.download_url!;

    const byOther = await other.client.get(url);
    expect([byOther.statusCode, byOther.json().err_key]).toEqual([404, 'export_not_found']);
    expect((await exportsOf(other.client)).some((e) => e.id === ready.id)).toBe(false);
    const anonymous = await client(server).get(url);
    expect([anonymous.statusCode, anonymous.json().err_key]).toEqual([401, 'unauthenticated']);
    const unknown = await owner.client.get(`/api/users/me/exports/${randomUUID()}/download`);
    expect([unknown.statusCode, unknown.json().err_key]).toEqual([404, 'export_not_found']);
    // A malformed id is refused before any lookup, naming what the client should say.
    const malformed = await owner.client.get('/api/users/me/exports/not-an-id/download');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({
      err_key: 'validation_failed',
      errors: { id: ['export_not_found'] },
    });
    expect((await owner.client.get(url)).statusCode).toBe(200);
  });

  it('expires after seven days: 410 export_expired, and its archive is deleted on access or by the sweep', async () => {
    const owner = await person();
    const accessed = await readyExport(owner);
    const swept = await readyExport(owner);
    const kept = await readyExport(owner);
    const accessedKey = (await blobKeyOf(accessed.id))!;
    const sweptKey = (await blobKeyOf(swept.id))!;
    const keptKey = (await blobKeyOf(kept.id))!;
    // Move the clock: their expiry is now in the past.
    for (const id of [accessed.id, swept.id])
      await server.ctx.db
        .update(dataExports)
        .set({ expiresAt: new Date(Date.now() - 1_000) })
        .where(eq(dataExports.id, id));

    const listed = await exportsOf(owner.client);
    expect(listed.find((e) => e.id === accessed.id)).toMatchObject({
      status: 'expired',
      download_url: null,
      size_bytes: null,
    });
    const late = await owner.client.get(accessed.download_url!);
    expect([late.statusCode, late.json().err_key]).toEqual([410, 'export_expired']);
    expect(await server.ctx.blobs.stat(accessedKey)).toBeUndefined();
    expect(await blobKeyOf(accessed.id)).toBeNull();

    expect(await server.ctx.blobs.stat(sweptKey)).toBeDefined();
    expect((await sweepExports(server.ctx)).expired).toBeGreaterThanOrEqual(1);
    expect(await server.ctx.blobs.stat(sweptKey)).toBeUndefined();
    expect(await blobKeyOf(swept.id)).toBeNull();
    const sweptLate = await owner.client.get(swept.download_url!);
    expect([sweptLate.statusCode, sweptLate.json().err_key]).toEqual([410, 'export_expired']);
    // The one still valid is untouched.
    expect(await server.ctx.blobs.stat(keptKey)).toBeDefined();
    expect((await owner.client.get(kept.download_url!)).statusCode).toBe(200);
  });
});
