import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ChatState, Message, StoryReplyResponse } from '@glimpse/contract';
import { users } from '../../db/schema/index.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { seedStory } from '../../test/access-fixtures.ts';
import {
  creator,
  loadWith,
  seedBlock,
  sendText,
  viewer,
  type Person,
} from '../chats/test/chat-fixtures.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const reply = (from: Person, storyId: number, text: unknown, clientId?: string) =>
  from.client.post(`/api/stories/${storyId}/reply`, {
    text,
    ...(clientId ? { client_id: clientId } : {}),
  });

/** The refusal body, without the status, as both routes answer it. */
const refusal = (response: { statusCode: number; json(): unknown }) => ({
  status: response.statusCode,
  body: response.json(),
});

const quoteOf = (state: ChatState, id: number) =>
  state.messages.find((message) => message.id === id)?.reply_to_story;

describe('POST /api/stories/{id}/reply', () => {
  it('sends a direct text quoting the story, which both members see in their chat', async () => {
    const owner = await creator(server);
    const fan = await viewer(server);
    const story = await seedStory(server, owner.id);

    const response = await reply(fan, story.id, 'Lovely light!');
    expect(response.statusCode, response.body).toBe(201);
    const answer = response.json<StoryReplyResponse>();
    expect(answer.message).toMatchObject({
      type: 'text',
      message: 'Lovely light!',
      own: true,
      chat_id: answer.chat_id,
      reply_to_story: { id: story.id, available: true },
    });
    expect(answer.message.reply_to_story?.thumb_url).toMatch(/^\/media\/.+&w=240$/);

    // The creator's direct chat with the fan holds it, quote and all; plain texts carry none.
    await sendText(owner, fan, 'Thanks');
    const state = await loadWith(owner, fan.id);
    expect(state.chat_id).toBe(answer.chat_id);
    const received = state.messages.find((m) => m.id === answer.message.id) as Message;
    expect(received).toMatchObject({ own: false, message: 'Lovely light!' });
    expect(received.reply_to_story).toMatchObject({ id: story.id, available: true });
    expect(received.reply_to_story?.thumb_url).toBeTruthy();
    expect(state.messages.find((m) => m.message === 'Thanks')?.reply_to_story).toBeUndefined();
  });

  it('takes a quick reaction (one emoji) and answers a retried client id with the first', async () => {
    const owner = await creator(server);
    const fan = await viewer(server);
    const story = await seedStory(server, owner.id);
    const first = await reply(fan, story.id, '🔥', 'reaction-1');
    const again = await reply(fan, story.id, '🔥', 'reaction-1');
    expect(first.statusCode, first.body).toBe(201);
    expect(again.json<StoryReplyResponse>().message.id).toBe(
      first.json<StoryReplyResponse>().message.id,
    );
    const state = await loadWith(owner, fan.id);
    expect(state.messages.filter((m) => m.message === '🔥')).toHaveLength(1);
  });

  it('refuses exactly as a direct message would: turned off, paid, blocked, oneself', async () => {
    const fan = await viewer(server);

    const closed = await creator(server);
    await closed.client.put('/api/users/me/profile', { directMessageTurnOff: true });
    const closedStory = await seedStory(server, closed.id);
    const closedReply = refusal(await reply(fan, closedStory.id, 'hi'));
    expect(closedReply).toEqual(refusal(await sendText(fan, closed)));
    expect(closedReply.body).toEqual({
      err_key: 'cannot_send_msg',
      err_msg: 'messages_turned_off',
    });

    const seller = await creator(server, {
      subscribePriceCents: 499,
      directMessagePriceCents: 250,
    });
    const sellerStory = await seedStory(server, seller.id);
    const paid = refusal(await reply(fan, sellerStory.id, 'hi'));
    expect(paid).toEqual(refusal(await sendText(fan, seller)));
    expect(paid.body).toMatchObject({ err_key: 'should_pay_option' });

    // The fan blocked the creator: the story is still visible, the message is not allowed.
    const blockedByFan = await creator(server);
    const blockedStory = await seedStory(server, blockedByFan.id);
    await seedBlock(server, fan.id, blockedByFan.id);
    const blocked = refusal(await reply(fan, blockedStory.id, 'hi'));
    expect(blocked).toEqual(refusal(await sendText(fan, blockedByFan)));
    expect(blocked.body).toEqual({ err_key: 'cannot_send_msg', err_msg: 'user_blocked' });

    // The creator blocked the fan: the story is hidden from them, as on every story route.
    const blocker = await creator(server);
    const blockerStory = await seedStory(server, blocker.id);
    await seedBlock(server, blocker.id, fan.id);
    expect(refusal(await reply(fan, blockerStory.id, 'hi'))).toEqual({
      status: 404,
      body: { err_key: 'story_not_found' },
    });

    const own = await reply(blocker, blockerStory.id, 'me');
    expect(refusal(own)).toEqual({
      status: 400,
      body: { err_key: 'cannot_send_msg', err_msg: 'cannot_message_self' },
    });
  });

  it('answers 404 for a story the viewer may not see, 400 for an empty or too long text', async () => {
    const owner = await creator(server);
    const fan = await viewer(server);
    const processing = await seedStory(server, owner.id, { status: 'processing' });
    expect((await reply(fan, processing.id, 'hi')).json()).toEqual({ err_key: 'story_not_found' });
    expect((await reply(fan, 2_000_000_000, 'hi')).statusCode).toBe(404);

    const story = await seedStory(server, owner.id);
    for (const text of ['', '   ', 'x'.repeat(2_001), 42]) {
      const response = await reply(fan, story.id, text);
      expect(response.statusCode, String(text).slice(0, 10)).toBe(400);
      expect(response.json().err_key).toBe('validation_failed');
    }
  });

  it('quotes a locked story without its picture, and a deleted one as no longer available', async () => {
    const owner = await creator(server);
    const fan = await viewer(server);
    const priced = await seedStory(server, owner.id, { priceCents: 300 });
    const sentReply = (await reply(fan, priced.id, 'How much?')).json<StoryReplyResponse>();
    expect(sentReply.message.reply_to_story).toEqual({
      id: priced.id,
      thumb_url: null,
      available: true,
    });
    // Its creator sees their own story's picture.
    expect(quoteOf(await loadWith(owner, fan.id), sentReply.message.id)?.thumb_url).toBeTruthy();

    const removed = await owner.client.delete(`/api/stories/${priced.id}`);
    expect(removed.statusCode).toBe(204);
    for (const reader of [fan, owner]) {
      const state = await loadWith(reader, reader === fan ? owner.id : fan.id);
      expect(quoteOf(state, sentReply.message.id)).toEqual({
        id: priced.id,
        thumb_url: null,
        available: false,
      });
    }
  });

  it('counts as a direct message for the chat lists (last message, unread)', async () => {
    const owner = await creator(server);
    const fan = await viewer(server);
    await server.ctx.db.update(users).set({ name: 'Fan Person' }).where(eq(users.id, fan.id));
    const story = await seedStory(server, owner.id);
    await reply(fan, story.id, '👏');
    const list = (await owner.client.get('/api/chats')).json<
      { companion: { id: number }; last_message: Message | null; unread_count: number }[]
    >();
    const row = list.find((item) => item.companion.id === fan.id);
    expect(row?.last_message).toMatchObject({ message: '👏', reply_to_story: { id: story.id } });
    expect(row?.unread_count).toBe(1);
  });
});
