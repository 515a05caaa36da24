import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatListItem, ChatState } from '@glimpse/contract';
import { follows, subscriptions, users } from '../../db/schema/index.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import {
  channelIdOf,
  creator,
  loadWith,
  outcome,
  seedBlock,
  seedFollow,
  seedSubscription,
  sendToChannel,
  sent,
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

const chatsOf = async (p: Person) => (await p.client.get('/api/chats')).json<ChatListItem[]>();
const channelsOf = async (p: Person) =>
  (await p.client.get('/api/channels')).json<ChatListItem[]>();
const read = (p: Person, chatId: number) =>
  p.client.post('/api/messages/read', { chat_id: chatId });

describe('GET /api/chats', () => {
  it('lists direct chats with messages, newest first, with unread counts and the online dot', async () => {
    const [me, ann, cal, quiet] = await Promise.all([
      viewer(server),
      viewer(server),
      viewer(server),
      viewer(server),
    ]);
    await sent(ann, me, 'one');
    await sent(me, ann, 'mine');
    await sent(ann, me, 'two');
    await sent(ann, me, 'three');
    const fromCal = await sent(cal, me, 'hey');
    await loadWith(me, quiet.id); // made on first contact, but empty: not listed
    await server.ctx.db.update(users).set({ lastSeenAt: new Date() }).where(eq(users.id, cal.id));

    const list = await chatsOf(me);
    expect(list.map((item) => [item.companion.id, item.unread_count])).toEqual([
      [cal.id, 1],
      [ann.id, 2],
    ]);
    expect(list[0]).toMatchObject({
      chat_id: fromCal.chat_id,
      isBroadcastingChannel: false,
      isChatOwner: false,
      companion: { id: cal.id, online: true },
      last_message: { id: fromCal.id, message: 'hey', own: false, is_read: false },
    });
    expect(list[1]!.companion.online).toBe(false);
    expect(list[1]!.last_message).toMatchObject({ message: 'three' });

    expect((await read(me, list[1]!.chat_id)).statusCode).toBe(204);
    const after = await chatsOf(me);
    expect(after.map((item) => item.unread_count)).toEqual([1, 0]);
    // Ann's own messages now show as read by me; a channel never would.
    const annView = await loadWith(ann, me.id);
    expect(annView.messages.map((m) => [m.message, m.own, m.is_read])).toEqual([
      ['one', true, true],
      ['mine', false, true],
      ['two', true, true],
      ['three', true, true],
    ]);
  });

  it('hides a chat from the one who was blocked, not from the blocker', async () => {
    const [a, b] = [await viewer(server), await viewer(server)];
    await sent(a, b);
    await seedBlock(server, b.id, a.id);
    expect(await chatsOf(a)).toEqual([]);
    expect((await chatsOf(b)).map((item) => item.companion.id)).toEqual([a.id]);
  });
});

describe('GET /api/chats/load', () => {
  it('resolves a companion to the chat state, making the direct chat once', async () => {
    const [me, her] = [await viewer(server), await creator(server)];
    const first = await loadWith(me, her.id);
    expect(first).toMatchObject({
      interlocutor_id: her.id,
      messages: [],
      older_cursor: null,
      storyExist: false,
      userImg: null,
      isBroadcastingChannel: false,
      isChatOwner: false,
      pinned_message: null,
      companion: { id: her.id, verified: true },
      description: '',
    });
    expect((await loadWith(her, me.id)).chat_id).toBe(first.chat_id);
    const byId = await me.client.get(`/api/chats/load?chat_id=${first.chat_id}`);
    expect(byId.json<ChatState>().chat_id).toBe(first.chat_id);
  });

  it('answers user_not_found for nobody and chat_not_found for oneself or a stranger’s chat', async () => {
    const [me, a, b] = [await viewer(server), await viewer(server), await viewer(server)];
    const theirs = (await sent(a, b)).chat_id;
    expect(outcome(await me.client.get('/api/chats/load?user_id=2000000000'))).toBe(
      '404 user_not_found',
    );
    expect(outcome(await me.client.get(`/api/chats/load?user_id=${me.id}`))).toBe(
      '404 chat_not_found',
    );
    expect(outcome(await me.client.get(`/api/chats/load?chat_id=${theirs}`))).toBe(
      '404 chat_not_found',
    );
    expect(outcome(await me.client.get(`/api/chats/${theirs}/messages`))).toBe(
      '404 chat_not_found',
    );
    expect(outcome(await read(me, theirs))).toBe('404 chat_not_found');
    expect(outcome(await sendToChannel(me, theirs))).toBe('404 chat_not_found');
    // Even a member cannot use the channel route for a direct chat.
    expect(outcome(await sendToChannel(a, theirs))).toBe('404 chat_not_found');
  });
});

describe('channels', () => {
  it('lists the own channel first, always, then joined channels still readable', async () => {
    const [owner, fan, other] = await Promise.all([
      creator(server),
      viewer(server),
      creator(server),
    ]);
    await owner.client.put('/api/users/me/profile', { bio: 'Bread every day.' });
    const channel = await channelIdOf(server, owner.id);
    const otherChannel = await channelIdOf(server, other.id);
    const ownList = await channelsOf(owner);
    expect(ownList.map((item) => [item.chat_id, item.isChatOwner])).toEqual([[channel, true]]);

    // Not following: the channel is not theirs to open or post to.
    expect(outcome(await fan.client.get(`/api/chats/load?chat_id=${channel}`))).toBe(
      '404 chat_not_found',
    );
    expect(outcome(await sendToChannel(fan, channel))).toBe('404 chat_not_found');

    await seedFollow(server, fan.id, owner.id);
    await seedSubscription(server, fan.id, other.id);
    const opened = await fan.client.get(`/api/chats/load?chat_id=${channel}`);
    expect(opened.json()).toMatchObject({
      chat_id: channel,
      interlocutor_id: owner.id,
      isBroadcastingChannel: true,
      isChatOwner: false,
      description: 'Bread every day.',
    });
    expect((await fan.client.get(`/api/chats/load?chat_id=${otherChannel}`)).statusCode).toBe(200);
    const posted = await sendToChannel(owner, otherChannel);
    expect(outcome(posted)).toBe('404 chat_not_found');
    const post = await sendToChannel(owner, channel, 'news');
    expect(post.json()).toMatchObject({ data: { message: 'news', own: true, is_read: false } });

    const fanList = await channelsOf(fan);
    expect(fanList.map((item) => [item.chat_id, item.isChatOwner, item.unread_count])).toEqual([
      [await channelIdOf(server, fan.id), true, 0],
      [channel, false, 1],
      [otherChannel, false, 0],
    ]);
    expect(fanList[1]!.last_message).toMatchObject({ message: 'news', own: false });
    expect((await sendToChannel(fan, channel, 'thanks')).statusCode).toBe(200);

    // Unfollowed: no longer listed, no longer readable.
    await server.ctx.db.delete(follows).where(eq(follows.followerId, fan.id));
    expect((await channelsOf(fan)).map((item) => item.chat_id)).not.toContain(channel);
    expect(outcome(await fan.client.get(`/api/chats/${channel}/messages`))).toBe(
      '404 chat_not_found',
    );
  });

  it('shows the channel on the profile to followers, and who the viewer blocked', async () => {
    const [owner, fan, stranger] = [
      await creator(server),
      await viewer(server),
      await viewer(server),
    ];
    await seedFollow(server, fan.id, owner.id);
    await seedBlock(server, stranger.id, owner.id);
    const profile = (p: Person) => p.client.get(`/api/users/slug/${owner.slug}`);
    const channel = await channelIdOf(server, owner.id);
    expect((await profile(fan)).json()).toMatchObject({ channel_id: channel, isBlocked: false });
    expect((await profile(stranger)).json()).toMatchObject({ channel_id: null, isBlocked: true });
    expect((await profile(owner)).json()).toMatchObject({ channel_id: channel });
    const companion = await stranger.client.get(`/api/users/${owner.id}`);
    expect(companion.json()).toMatchObject({ blocked: true, canSendMessages: false });
    const open = await fan.client.get(`/api/users/${owner.id}`);
    expect(open.json()).toMatchObject({ blocked: false, canSendMessages: true });
  });

  it("decides the profile's channel and blocks on each viewer's own relation to the owner", async () => {
    const owner = await creator(server);
    const [subscriber, blockingSubscriber, lapsed, visitor, blockedFan] = await Promise.all([
      viewer(server),
      viewer(server),
      viewer(server),
      viewer(server),
      viewer(server),
    ]);
    await seedSubscription(server, subscriber.id, owner.id);
    // A subscription runs on after its holder blocks the creator (it is not renewed).
    await seedSubscription(server, blockingSubscriber.id, owner.id);
    await seedBlock(server, blockingSubscriber.id, owner.id);
    await server.ctx.db.insert(subscriptions).values({
      subscriberId: lapsed.id,
      creatorId: owner.id,
      startsAt: new Date(Date.now() - 40 * 86_400_000),
      expiresAt: new Date(Date.now() - 1_000),
    });
    await seedFollow(server, blockedFan.id, owner.id);
    await seedBlock(server, owner.id, blockedFan.id);
    const channel = await channelIdOf(server, owner.id);
    const seen = async (p: Person) => {
      const answer = await p.client.get(`/api/users/slug/${owner.slug}`);
      if (answer.statusCode !== 200) return outcome(answer);
      const { channel_id, isBlocked, isFollowing } = answer.json();
      return { channel_id, isBlocked, isFollowing };
    };
    const shown = (channelId: number | null, isBlocked: boolean) => ({
      channel_id: channelId,
      isBlocked,
      isFollowing: false,
    });
    expect(await seen(subscriber)).toEqual(shown(channel, false));
    expect(await seen(blockingSubscriber)).toEqual(shown(channel, true));
    expect(await seen(lapsed)).toEqual(shown(null, false));
    expect(await seen(visitor)).toEqual(shown(null, false));
    // The owner blocked this follower: hidden like a missing user, channel and all.
    expect(await seen(blockedFan)).toBe('404 user_not_found');
  });
});
