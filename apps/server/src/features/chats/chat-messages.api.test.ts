import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Message } from '@glimpse/contract';
import { follows, tipRequests, tips } from '../../db/schema/index.ts';
import { inTransaction } from '../../platform/db/transaction.ts';
import { seedBlob, seedStory } from '../../test/access-fixtures.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { MESSAGE_AUDIO_KIND } from '../access/index.ts';
import { postMessage, type NewMessage } from './chat-core.service.ts';
import {
  channelIdOf,
  creator,
  fundWallet,
  loadWith,
  pay,
  seedFollow,
  seedSubscription,
  viewer,
  type Person,
} from './test/chat-fixtures.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const post = (message: NewMessage) =>
  inTransaction(server.ctx.db, (tx, effects) => postMessage(tx, effects, message));

/** The message as `p` sees it in the chat's newest page. */
async function seenBy(p: Person, chatId: number, id: number): Promise<Message> {
  const page = await p.client.get(`/api/chats/${chatId}/messages`);
  return page.json<{ messages: Message[] }>().messages.find((m) => m.id === id)!;
}

describe('voice messages', () => {
  it('play for whoever may read the chat, through URLs signed for them', async () => {
    const [owner, fan, stranger] = [
      await creator(server),
      await viewer(server),
      await viewer(server),
    ];
    await seedFollow(server, fan.id, owner.id);
    const chatId = await channelIdOf(server, owner.id);
    const audioKey = await seedBlob(server, {
      ownerId: owner.id,
      kind: MESSAGE_AUDIO_KIND,
      contentType: 'audio/mp4',
    });
    const { id } = await post({
      chatId,
      senderId: owner.id,
      type: 'audio',
      audioKey,
      audioDurationSeconds: 3.5,
    });
    const heard = await seenBy(fan, chatId, id);
    expect(heard).toMatchObject({ type: 'audio', audio_duration: 3.5, own: false });
    expect((await fan.client.get(heard.audio_file_url!)).statusCode).toBe(200);
    const signedForStranger = server.ctx.mediaSigner.url(audioKey, stranger.id);
    // A good link for a recording they may not hear answers as absent (404).
    expect((await stranger.client.get(signedForStranger)).statusCode).toBe(404);
    await server.ctx.db.delete(follows).where(eq(follows.followerId, fan.id));
    expect((await fan.client.get(heard.audio_file_url!)).statusCode).toBe(404);
  });
});

describe('stories in chats', () => {
  it('stay locked for a recipient until they may see them, with no media URL', async () => {
    const [poster, fan] = [
      await creator(server, { subscribePriceCents: 500 }),
      await viewer(server),
    ];
    const story = await seedStory(server, poster.id, { priceCents: 300 });
    const { chat_id: chatId } = await loadWith(fan, poster.id);
    const { id } = await post({ chatId, senderId: poster.id, type: 'story', storyId: story.id });

    const locked = (await seenBy(fan, chatId, id)).story;
    expect(locked).toMatchObject({
      id: story.id,
      price: 3,
      isAvailable: false,
      overlay_src: null,
      overlay_image_src: null,
      creator_id: poster.id,
      subscribePrice: 5,
      verified: true,
      noPaid: false,
      online: false,
    });
    expect((await seenBy(poster, chatId, id)).story).toMatchObject({ isAvailable: true });
    await seedSubscription(server, fan.id, poster.id);
    const open = (await seenBy(fan, chatId, id)).story!;
    expect(open.isAvailable).toBe(true);
    expect((await fan.client.get(open.overlay_src!)).statusCode).toBe(200);
  });
});

describe('tips in chats', () => {
  it('show the amount and buyer, and a request with its live status', async () => {
    const [star, fan] = [await creator(server), await viewer(server)];
    await fundWallet(server, fan.id, 5_000);
    const tipped = await pay(fan.client, 'POST', '/api/tips', {
      user_id: star.id,
      amount: 7.5,
      message: 'for you',
    });
    expect(tipped.json()).toEqual({ success: true });
    const asked = await pay(star.client, 'POST', '/api/tips', {
      user_id: fan.id,
      amount: 12,
      message: 'new camera',
      mode: 'request',
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const [tip] = await server.ctx.db.select().from(tips).orderBy(desc(tips.id)).limit(1);
    const [request] = await server.ctx.db
      .select()
      .from(tipRequests)
      .orderBy(desc(tipRequests.id))
      .limit(1);
    const { chat_id: chatId } = await loadWith(fan, star.id);
    const tipMessage = await post({
      chatId,
      senderId: fan.id,
      type: 'user_tip',
      body: 'for you',
      tipId: tip!.id,
    });
    const requestMessage = await post({
      chatId,
      senderId: star.id,
      type: 'creator_tip',
      tipRequestId: request!.id,
    });

    expect((await seenBy(star, chatId, tipMessage.id)).meta).toEqual({
      tip: { amount: 7.5 },
      buyer: { name: (await fan.client.get('/api/auth/me')).json().name },
    });
    const pending = await seenBy(fan, chatId, requestMessage.id);
    expect(pending.meta).toEqual({
      creator_tip: { name: 'new camera', price: 12, request_id: request!.id, status: 'pending' },
    });
    await fan.client.delete(`/api/tips/requests/${request!.id}`);
    const declined = await seenBy(fan, chatId, requestMessage.id);
    expect(declined.meta.creator_tip?.status).toBe('declined');
  });
});
