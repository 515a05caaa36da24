import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OwnStory, Story, StoryGroup } from '@glimpse/contract';
import { stories, users } from '../../db/schema/index.ts';
import { seedStory } from '../../test/access-fixtures.ts';
import { signedUpUser } from '../../test/factories.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { truncated } from '../../test/hostile-media.ts';
import { makeVideo } from '../../test/media-fixtures.ts';
import { verifyUser } from '../../test/stories.ts';
import { channelOf } from '../chats/chat-core.service.ts';
import { creator, fundWallet, pay } from '../money/test/index.ts';
import { processStory } from './story-processing.ts';
import { directChat, drainJobs, postChatStory, storyMessages } from './test/chat-story-fixtures.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

async function storyCount(userId: number): Promise<number> {
  const [row] = await server.ctx.db
    .select({ n: users.storyCount })
    .from(users)
    .where(eq(users.id, userId));
  return row!.n;
}

async function storyRowCount(userId: number): Promise<number> {
  const result = await server.ctx.db.execute<{ n: number }>(
    sql`select count(*)::int as n from stories where user_id = ${userId}`,
  );
  return Number(result.rows[0]!.n);
}

describe('a story posted into direct chats', () => {
  it('becomes one story message per chat once it is ready', async () => {
    const poster = await signedUpUser(server);
    const bob = await signedUpUser(server);
    const carol = await signedUpUser(server);
    const withBob = await directChat(server, poster.user.id, bob.user.id);
    const withCarol = await directChat(server, poster.user.id, carol.user.id);
    const posted = await postChatStory(poster.client, {
      destination: 'chat',
      chats: [withBob, withCarol],
      text: 'For you two',
    });
    expect(posted.statusCode, posted.body).toBe(201);
    expect(posted.json<Story>().is_processing).toBe(true);
    await drainJobs(server);
    const messages = await storyMessages(server, posted.json<Story>().id);
    expect(messages.map((m) => m.chatId).sort()).toEqual([withBob, withCarol].sort());
    for (const message of messages) {
      expect(message).toMatchObject({ senderId: poster.user.id, type: 'story' });
    }
  });

  it('also goes to every active subscriber, whose direct chat is made if missing', async () => {
    const seller = await creator(server, { subscribePriceCents: 500 });
    const fan = await signedUpUser(server);
    await fundWallet(server, fan.user.id, 1_000);
    const subscribed = await pay(fan.client, 'POST', `/api/users/${seller.id}/subscribe`, {
      period: 1,
    });
    expect(subscribed.statusCode, subscribed.body).toBe(200);
    const bystander = await signedUpUser(server);
    const posted = await postChatStory(seller.client, { destination: 'chat', subscribers: true });
    expect(posted.statusCode, posted.body).toBe(201);
    await drainJobs(server);
    const fanChat = await directChat(server, seller.id, fan.user.id);
    const messages = await storyMessages(server, posted.json<Story>().id);
    expect(messages.map((m) => m.chatId)).toEqual([fanChat]);
    expect(messages.map((m) => m.chatId)).not.toContain(
      await directChat(server, seller.id, bystander.user.id),
    );
  });

  it('goes into the poster’s own channel with destination broadcast', async () => {
    const owner = await signedUpUser(server);
    const posted = await postChatStory(owner.client, { destination: 'broadcast' });
    expect(posted.statusCode, posted.body).toBe(201);
    await drainJobs(server);
    const channel = await channelOf(server.ctx, owner.user.id);
    expect((await storyMessages(server, posted.json<Story>().id)).map((m) => m.chatId)).toEqual([
      channel,
    ]);
  });

  it('posts nothing when a re-run of the processing job meets a story already delivered', async () => {
    const poster = await signedUpUser(server);
    const friend = await signedUpUser(server);
    const chat = await directChat(server, poster.user.id, friend.user.id);
    const posted = await postChatStory(poster.client, { destination: 'chat', chats: [chat] });
    const id = posted.json<Story>().id;
    await drainJobs(server);
    expect(await storyMessages(server, id)).toHaveLength(1);
    // A crash after the commit and before the job was marked done runs it once more.
    await server.ctx.db.update(stories).set({ status: 'processing' }).where(eq(stories.id, id));
    await processStory(server.ctx, { storyId: id }, { final: false });
    const messages = await storyMessages(server, id);
    expect(messages).toHaveLength(1);
    expect(messages[0]!.clientId).toBe(`story-${id}-${chat}`);
  });

  it('posts nothing when processing fails', async () => {
    const poster = await signedUpUser(server);
    const friend = await signedUpUser(server);
    const chat = await directChat(server, poster.user.id, friend.user.id);
    const posted = await postChatStory(
      poster.client,
      { destination: 'chat', chats: [chat] },
      truncated(await makeVideo({ seconds: 2 }), 0.4),
    );
    expect(posted.statusCode, posted.body).toBe(201);
    await drainJobs(server);
    const story = (
      await poster.client.get(`/api/stories/${posted.json<Story>().id}`)
    ).json<Story>();
    expect(story.processing_error).toBeTruthy();
    expect(await storyMessages(server, story.id)).toEqual([]);
  });
});

describe('a chat story stays out of the public places', () => {
  it('is absent from the profile, the story group, own stories, home and the counters', async () => {
    const poster = await signedUpUser(server);
    const friend = await signedUpUser(server);
    expect((await friend.client.post(`/api/users/${poster.user.id}/follow`)).statusCode).toBe(200);
    const chat = await directChat(server, poster.user.id, friend.user.id);
    const posted = await postChatStory(poster.client, { destination: 'chat', chats: [chat] });
    await drainJobs(server);
    const id = posted.json<Story>().id;
    expect(await storyMessages(server, id)).toHaveLength(1);

    const group = await friend.client.get(`/api/users/${poster.user.id}/stories`);
    expect(group.json<StoryGroup>().stories).toEqual([]);
    const own = (await poster.client.get('/api/users/me/stories')).json<OwnStory[]>();
    expect(own.map((s) => s.id)).not.toContain(id);
    const following = await friend.client.get('/api/home/stories/following');
    expect(following.json<{ id: number }[]>().map((item) => item.id)).not.toContain(poster.user.id);
    const companion = await friend.client.get(`/api/users/${poster.user.id}`);
    expect(companion.json()).toMatchObject({ isExistStory: false, hasNotWatchedStories: false });
    const header = () => friend.client.get(`/api/chats/load?chat_id=${chat}`);
    expect((await header()).json()).toMatchObject({ storyExist: false });
    expect(await storyCount(poster.user.id)).toBe(0);
    // A public story does give the chat header its story ring.
    await seedStory(server, poster.user.id);
    expect((await header()).json()).toMatchObject({ storyExist: true });
    // The story itself is there for the chat's members.
    expect((await friend.client.get(`/api/stories/${id}`)).statusCode).toBe(200);
  });
});

describe('posting into chats is checked when posted', () => {
  it('answers chat_not_found for a chat that is not a direct chat of the poster, storing nothing', async () => {
    const poster = await signedUpUser(server);
    const a = await signedUpUser(server);
    const b = await signedUpUser(server);
    const othersChat = await directChat(server, a.user.id, b.user.id);
    const ownChannel = (await channelOf(server.ctx, poster.user.id))!;
    for (const chats of [[othersChat], [ownChannel], [2_000_000_000]]) {
      const response = await postChatStory(poster.client, { destination: 'chat', chats });
      expect(response.statusCode, response.body).toBe(404);
      expect(response.json()).toMatchObject({
        err_key: 'chat_not_found',
        err_msg: ['chat_not_found'],
      });
    }
    expect(await storyRowCount(poster.user.id)).toBe(0);
  });

  it('answers the refusals of the chats as one list (spec 8)', async () => {
    const fan = await signedUpUser(server);
    const seller = await creator(server, { directMessagePriceCents: 300 });
    const chat = await directChat(server, fan.user.id, seller.id);
    const response = await postChatStory(fan.client, { destination: 'chat', chats: [chat] });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({
      err_key: 'cannot_send_msg',
      err_msg: ['should_pay_option'],
    });
    expect(await storyRowCount(fan.user.id)).toBe(0);
  });

  it('needs at least one chat', async () => {
    const poster = await signedUpUser(server);
    const response = await postChatStory(poster.client, { destination: 'chat' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      err_key: 'validation_failed',
      errors: { chats: ['chats_required'] },
    });
  });

  it('keeps the price rules of spec 5: 49.99 at most, a price only once verified', async () => {
    const poster = await signedUpUser(server);
    const friend = await signedUpUser(server);
    const chat = await directChat(server, poster.user.id, friend.user.id);
    const unverified = await postChatStory(poster.client, {
      destination: 'chat',
      chats: [chat],
      price: 4.99,
    });
    expect(unverified.statusCode).toBe(403);
    expect(unverified.json().err_key).toBe('verification_required');
    await verifyUser(server, poster.user.id);
    const tooHigh = await postChatStory(poster.client, {
      destination: 'chat',
      chats: [chat],
      price: 50,
    });
    expect(tooHigh.statusCode).toBe(400);
    expect(tooHigh.json()).toMatchObject({
      err_key: 'max_price_error',
      err_msg: { min: 0, max: 49.99 },
    });
    const top = await postChatStory(poster.client, {
      destination: 'chat',
      chats: [chat],
      price: 49.99,
    });
    expect(top.statusCode, top.body).toBe(201);
    expect(top.json<Story>().price).toBe(49.99);
  });
});
