import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { reports, storyUnlocks } from '../../db/schema/index.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { signedUpUser } from '../../test/factories.ts';
import { postStory, processedStory, verifyUser } from '../../test/stories.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const image = () =>
  sharp({ create: { width: 200, height: 300, channels: 3, background: '#36a' } })
    .png()
    .toBuffer();

async function ownStory(options: { verified?: boolean; price?: number } = {}) {
  const owner = await signedUpUser(server);
  if (options.verified) await verifyUser(server, owner.user.id);
  const posted = await postStory(owner.client, {
    data: await image(),
    model: { price: options.price ?? null },
  });
  const story = await processedStory(server, owner.client, posted.json().id);
  return { owner, story };
}

const ownList = async (c: Awaited<ReturnType<typeof signedUpUser>>['client']) =>
  (await c.get('/api/users/me/stories')).json();

describe('editing a story (spec 4 and 5)', () => {
  it('keeps price and free in sync: free clears the price, price 0 is stored as null', async () => {
    const { owner, story } = await ownStory({ verified: true, price: 3 });
    expect((await ownList(owner.client))[0]).toMatchObject({ price: 3, free: null });

    const free = await owner.client.request({
      method: 'PATCH',
      url: `/api/stories/${story.id}`,
      payload: { free: 'free', price: 9 },
    });
    expect(free.statusCode).toBe(200);
    expect(free.json().message).toBeTruthy();
    expect((await ownList(owner.client))[0]).toMatchObject({ price: null, free: 'free' });

    await owner.client.request({
      method: 'PATCH',
      url: `/api/stories/${story.id}`,
      payload: { price: 7.5, free: null },
    });
    expect((await ownList(owner.client))[0]).toMatchObject({ price: 7.5, free: null });

    await owner.client.request({
      method: 'PATCH',
      url: `/api/stories/${story.id}`,
      payload: { price: 0 },
    });
    expect((await ownList(owner.client))[0]).toMatchObject({ price: null, free: 'free' });
  });

  it('needs verification for a price, refuses more than 49.99 with field errors, and edits text', async () => {
    const { owner, story } = await ownStory();
    const unverified = await owner.client.request({
      method: 'PATCH',
      url: `/api/stories/${story.id}`,
      payload: { price: 5 },
    });
    expect(unverified.statusCode).toBe(403);
    expect(unverified.json()).toMatchObject({
      err_key: 'verification_required',
      err_msg: { price: ['verification_required'] },
    });
    await verifyUser(server, owner.user.id);
    const tooMuch = await owner.client.request({
      method: 'PATCH',
      url: `/api/stories/${story.id}`,
      payload: { price: 49.991 },
    });
    expect(tooMuch.statusCode).toBe(400);
    const over = await owner.client.request({
      method: 'PATCH',
      url: `/api/stories/${story.id}`,
      payload: { price: 50 },
    });
    expect(over.json()).toMatchObject({
      err_key: 'max_price_error',
      err_msg: { price: ['max_price_error'] },
    });
    const text = await owner.client.request({
      method: 'PATCH',
      url: `/api/stories/${story.id}`,
      payload: { text: 'New words #fresh' },
    });
    expect(text.statusCode).toBe(200);
    expect((await ownList(owner.client))[0]).toMatchObject({
      text: 'New words #fresh',
      tags: ['fresh'],
      price: null,
    });
  });

  it('lets only the owner edit, delete or read statistics', async () => {
    const { owner, story } = await ownStory();
    const stranger = await signedUpUser(server);
    const edit = await stranger.client.request({
      method: 'PATCH',
      url: `/api/stories/${story.id}`,
      payload: { text: 'x' },
    });
    const remove = await stranger.client.delete(`/api/stories/${story.id}`);
    const stats = await stranger.client.get(`/api/stories/${story.id}/statistics`);
    for (const response of [edit, remove, stats]) {
      expect(response.statusCode).toBe(403);
      expect(response.json().err_key).toBe('forbidden');
    }
    expect((await owner.client.get(`/api/stories/${story.id}`)).statusCode).toBe(200);
  });
});

describe('deleting, reporting and statistics', () => {
  it('deletes the story and its media', async () => {
    const { owner, story } = await ownStory();
    const url = story.overlay_src!;
    expect((await owner.client.delete(`/api/stories/${story.id}`)).statusCode).toBe(204);
    expect((await owner.client.get(`/api/stories/${story.id}`)).statusCode).toBe(404);
    expect((await owner.client.get(url)).statusCode).toBe(404);
    const key = url.split('/media/')[1]!.split('?')[0]!;
    expect(await server.ctx.blobs.stat(key)).toBeUndefined();
    expect(await ownList(owner.client)).toEqual([]);
  });

  it('queues a report for moderation once per reporter and answers the generic message', async () => {
    const { owner, story } = await ownStory();
    const reporter = await signedUpUser(server);
    for (let i = 0; i < 2; i++) {
      const response = await reporter.client.post(`/api/stories/${story.id}/report`, {
        accusation: 'Spam',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ success: true });
    }
    const rows = await server.ctx.db.select().from(reports).where(eq(reports.targetId, story.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      reporterId: reporter.user.id,
      kind: 'story',
      reason: 'other',
      details: 'Spam',
      status: 'open',
    });
    expect(
      (await reporter.client.post(`/api/stories/${story.id}/report`, { accusation: '' }))
        .statusCode,
    ).toBe(400);
    expect(
      (await owner.client.post(`/api/stories/${story.id}/report`, { accusation: 'mine' }))
        .statusCode,
    ).toBe(403);
  });

  it('totals purchases for the owner', async () => {
    const { owner, story } = await ownStory({ verified: true, price: 4 });
    const buyers = await Promise.all([
      signedUpUser(server, { name: 'Buyer One' }),
      signedUpUser(server, { name: 'Buyer Two' }),
    ]);
    await server.ctx.db
      .insert(storyUnlocks)
      .values(buyers.map((b) => ({ userId: b.user.id, storyId: story.id, priceCents: 400 })));
    const stats = (await owner.client.get(`/api/stories/${story.id}/statistics`)).json();
    expect(stats.purchased).toHaveLength(2);
    expect(stats.purchased.map((p: { username: string }) => p.username).sort()).toEqual([
      'buyer one',
      'buyer two',
    ]);
    expect(stats).toMatchObject({ purchased_total: 8, tips: [], tips_total: 0, total: 8 });
  });
});
