import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ChatListItem, ChatState, Message } from '@glimpse/contract';
import { inTransaction } from '../../platform/db/transaction.ts';
import { collect, waitForCount } from '../../platform/realtime/test/socket-test-client.ts';
import { seedBlob, seedStory } from '../../test/access-fixtures.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { MESSAGE_AUDIO_KIND } from '../access/index.ts';
import { postMessage, type NewMessage } from './chat-core.service.ts';
import {
  channelIdOf,
  creator,
  loadWith,
  outcome,
  seedFollow,
  sendToChannel,
  sent,
  viewer,
  type Person,
} from './test/chat-fixtures.ts';
import { closeSockets, joinChat, pause, socketOf } from './test/chat-sockets.ts';

let server: TestServer;
let url: string;
beforeAll(async () => {
  server = await startTestServer();
  url = await server.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await server?.stop();
});
afterEach(closeSockets);

const post = (message: NewMessage) =>
  inTransaction(server.ctx.db, (tx, effects) => postMessage(tx, effects, message));

const remove = (p: Person, chatId: number, messageId: number) =>
  p.client.delete(`/api/chats/${chatId}/messages/${messageId}`);

/** The message as `p` sees it in the chat's newest page. */
async function seenBy(p: Person, chatId: number, id: number): Promise<Message> {
  const page = await p.client.get(`/api/chats/${chatId}/messages`);
  return page.json<{ messages: Message[] }>().messages.find((m) => m.id === id)!;
}

describe('DELETE /api/chats/{chat_id}/messages/{message_id}', () => {
  it('deletes the sender’s message for everyone: history, list and chat show it deleted', async () => {
    const [ann, ben] = [await viewer(server), await viewer(server)];
    const first = await sent(ann, ben, 'a secret I regret');
    const second = await sent(ben, ann, 'keep this');
    const last = await sent(ann, ben, 'and this one too');

    expect(outcome(await remove(ann, first.chat_id, first.id))).toBe('204');
    expect(outcome(await remove(ann, last.chat_id, last.id))).toBe('204');

    const gone = {
      id: first.id,
      user_id: ann.id,
      deleted: true,
      message: '',
      audio_file_url: null,
      story: null,
      meta: {},
    };
    expect(await seenBy(ben, first.chat_id, first.id)).toMatchObject(gone);
    expect(await seenBy(ann, first.chat_id, first.id)).toMatchObject({ ...gone, own: true });
    // Nothing of it is left anywhere in the answers.
    const page = await ben.client.get(`/api/chats/${first.chat_id}/messages`);
    expect(page.body).not.toContain('regret');
    expect(await seenBy(ben, first.chat_id, second.id)).not.toHaveProperty('deleted');

    // The chat list's preview shows the last message deleted; it is not counted unread.
    const [row] = (await ben.client.get('/api/chats')).json<ChatListItem[]>();
    expect(row!.last_message).toMatchObject({ id: last.id, deleted: true, message: '' });
    expect(row!.unread_count).toBe(0);
    const state = await loadWith(ben, ann.id);
    expect(state.messages.find((m) => m.id === last.id)).toMatchObject({ deleted: true });
  });

  it('is idempotent: deleting again answers 204 and announces nothing more', async () => {
    const [ann, ben] = [await viewer(server), await viewer(server)];
    const message = await sent(ann, ben, 'twice');
    const socket = await socketOf(url, ben);
    const deleted = collect(socket, 'message.deleted');
    expect(outcome(await remove(ann, message.chat_id, message.id))).toBe('204');
    await waitForCount(deleted, 1);
    expect(outcome(await remove(ann, message.chat_id, message.id))).toBe('204');
    await pause(150);
    expect(deleted).toHaveLength(1);
  });

  it('refuses others: the other member 403, an outsider 404, a wrong chat or id 404', async () => {
    const [ann, ben, cat] = [await viewer(server), await viewer(server), await viewer(server)];
    const message = await sent(ann, ben, 'mine only');
    const elsewhere = await sent(ann, cat, 'another chat');
    expect(outcome(await remove(ben, message.chat_id, message.id))).toBe('403 forbidden');
    expect(outcome(await remove(cat, message.chat_id, message.id))).toBe('404 chat_not_found');
    expect(outcome(await remove(ann, message.chat_id, elsewhere.id))).toBe('404 message_not_found');
    expect(outcome(await remove(ann, message.chat_id, 2_000_000_000))).toBe(
      '404 message_not_found',
    );
    expect(outcome(await remove(ann, message.chat_id, 0))).toBe('400 validation_failed');
    expect(await seenBy(ben, message.chat_id, message.id)).toMatchObject({
      message: 'mine only',
    });
  });

  it('keeps tips, tip requests and priced stories; free stories and voice messages go', async () => {
    const [star, fan] = [await creator(server), await viewer(server)];
    const { chat_id: chatId } = await loadWith(fan, star.id);
    const tip = await post({ chatId, senderId: fan.id, type: 'user_tip', body: 'for you' });
    const request = await post({ chatId, senderId: star.id, type: 'creator_tip' });
    const priced = await seedStory(server, star.id, { priceCents: 300 });
    const free = await seedStory(server, star.id, {});
    const pricedPost = await post({ chatId, senderId: star.id, type: 'story', storyId: priced.id });
    const freePost = await post({ chatId, senderId: star.id, type: 'story', storyId: free.id });
    const audioKey = await seedBlob(server, {
      ownerId: star.id,
      kind: MESSAGE_AUDIO_KIND,
      contentType: 'audio/mp4',
    });
    const voice = await post({ chatId, senderId: star.id, type: 'audio', audioKey });

    expect(outcome(await remove(fan, chatId, tip.id))).toBe('403 message_not_deletable');
    expect(outcome(await remove(star, chatId, request.id))).toBe('403 message_not_deletable');
    expect(outcome(await remove(star, chatId, pricedPost.id))).toBe('403 message_not_deletable');
    expect((await seenBy(fan, chatId, pricedPost.id)).story).toMatchObject({ id: priced.id });

    expect(outcome(await remove(star, chatId, freePost.id))).toBe('204');
    expect(await seenBy(fan, chatId, freePost.id)).toMatchObject({
      type: 'story',
      deleted: true,
      story: null,
      story_id: null,
    });
    expect((await seenBy(fan, chatId, voice.id)).audio_file_url).not.toBeNull();
    expect(outcome(await remove(star, chatId, voice.id))).toBe('204');
    expect(await seenBy(fan, chatId, voice.id)).toMatchObject({
      deleted: true,
      audio_file_url: null,
      audio_duration: null,
    });
  });

  it('tells the other member’s socket at once, and every socket in a channel', async () => {
    const [ann, ben] = [await viewer(server), await viewer(server)];
    const message = await sent(ann, ben, 'see you there');
    // Ben has the chat open in one tab (its room) and the list in another (his user room).
    const [open, list] = [await socketOf(url, ben), await socketOf(url, ben)];
    expect(await joinChat(open, message.chat_id)).toEqual({ ok: true });
    const inChat = collect(open, 'message.deleted');
    const inList = collect(list, 'message.deleted');
    expect(outcome(await remove(ann, message.chat_id, message.id))).toBe('204');
    await waitForCount(inChat, 1);
    await waitForCount(inList, 1);
    expect(inChat).toEqual([{ chat_id: message.chat_id, message_id: message.id }]);

    const [owner, follower] = [await creator(server), await viewer(server)];
    await seedFollow(server, follower.id, owner.id);
    const channelId = await channelIdOf(server, owner.id);
    const post = (await sendToChannel(owner, channelId, 'oops, wrong link')).json<{
      data: Message;
    }>().data;
    const reader = await socketOf(url, follower);
    expect(await joinChat(reader, channelId)).toEqual({ ok: true });
    const heard = collect(reader, 'message.deleted');
    expect(outcome(await remove(owner, channelId, post.id))).toBe('204');
    await waitForCount(heard, 1);
    expect(heard).toEqual([{ chat_id: channelId, message_id: post.id }]);
  });

  it('unpins a pinned message it deletes', async () => {
    const [owner, follower] = [await creator(server), await viewer(server)];
    await seedFollow(server, follower.id, owner.id);
    const channelId = await channelIdOf(server, owner.id);
    const post = (await sendToChannel(owner, channelId, 'Pinned news')).json<{
      data: Message;
    }>().data;
    const pinned = await owner.client.post(`/api/chats/${channelId}/pin`, { message_id: post.id });
    expect(pinned.statusCode, pinned.body).toBe(200);
    const reader = await socketOf(url, follower);
    expect(await joinChat(reader, channelId)).toEqual({ ok: true });
    const unpinned = collect(reader, 'chat.unpinned');

    expect(outcome(await remove(owner, channelId, post.id))).toBe('204');
    await waitForCount(unpinned, 1);
    const state = (
      await follower.client.get(`/api/chats/load?chat_id=${channelId}`)
    ).json<ChatState>();
    expect(state.pinned_message).toBeNull();
  });
});
