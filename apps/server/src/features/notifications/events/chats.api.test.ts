import { chatRoom } from '@glimpse/contract';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import {
  channelIdOf,
  creator,
  seedBlock,
  seedFollow,
  sendText,
  sendToChannel,
  sent,
  viewer,
} from '../../chats/test/chat-fixtures.ts';
import { closeSockets, joinChat, socketOf } from '../../chats/test/chat-sockets.ts';
import { linesOf, mute, turnOff } from './test/event-fixtures.ts';
import { CHANNEL_NOTICE_PAGE, runChannelNotices } from '../../chats/message-notices.ts';

/** direct_message and channel_post: only while the recipient is not in that chat. */

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

describe('direct_message', () => {
  it("groups a chat's unread messages into one line for the recipient; never the sender", async () => {
    const [anna, ben] = [await viewer(server), await viewer(server)];
    const first = await sent(anna, ben, 'Hello there');
    await sent(anna, ben, 'Are you around?');

    expect(await linesOf(server, ben.id)).toEqual([
      expect.objectContaining({
        type: 'direct_message',
        actorId: anna.id,
        actorCount: 2,
        subject: { kind: 'chat', id: first.chat_id },
        groupKey: `dm:${first.chat_id}`,
        data: { message_type: 'text', preview: 'Are you around?' },
        emailDue: null,
      }),
    ]);
    expect(await linesOf(server, anna.id)).toEqual([]);
  });

  it('says nothing while the recipient has the chat open, and again once they left it', async () => {
    const [anna, ben] = [await viewer(server), await viewer(server)];
    const { chat_id: chatId } = await sent(anna, ben, 'first');
    const before = (await linesOf(server, ben.id)).length;
    const socket = await socketOf(url, ben);
    expect(await joinChat(socket, chatId)).toMatchObject({ ok: true });
    await expect.poll(() => server.ctx.realtime.roomUserIds(chatRoom(chatId))).toContain(ben.id);

    await sent(anna, ben, 'while open');
    expect(await linesOf(server, ben.id)).toHaveLength(before);
    expect((await linesOf(server, ben.id))[0]!.actorCount).toBe(1);

    socket.emit('chat.leave', { chat_id: chatId });
    await expect
      .poll(() => server.ctx.realtime.roomUserIds(chatRoom(chatId)))
      .not.toContain(ben.id);
    await sent(anna, ben, 'after leaving');
    expect((await linesOf(server, ben.id))[0]).toMatchObject({
      actorCount: 2,
      data: { message_type: 'text', preview: 'after leaving' },
    });
  });

  it('a socket elsewhere in the app (not in the chat) does not count as in the chat', async () => {
    const [anna, ben] = [await viewer(server), await viewer(server)];
    await socketOf(url, ben);
    await sent(anna, ben, 'hi');
    expect(await linesOf(server, ben.id, 'direct_message')).toHaveLength(1);
  });

  it('nothing from a muted sender, nothing with the type off, nothing across a block', async () => {
    const [anna, muting, off, blocking] = [
      await viewer(server),
      await viewer(server),
      await viewer(server),
      await viewer(server),
    ];
    await mute(server, muting.id, anna.id);
    await turnOff(server, off.id, 'direct_message');
    await seedBlock(server, blocking.id, anna.id);
    await sent(anna, muting, 'hi');
    await sent(anna, off, 'hi');
    expect((await sendText(anna, blocking, 'hi')).statusCode).not.toBe(200);
    for (const person of [muting, off, blocking, anna])
      expect(await linesOf(server, person.id)).toEqual([]);
  });
});

describe('channel_post', () => {
  it("tells the channel's members of the owner's posts, grouped, unless they are in it", async () => {
    const owner = await creator(server);
    const channel = await channelIdOf(server, owner.id);
    const [away, watching, stranger] = [
      await viewer(server),
      await viewer(server),
      await viewer(server),
    ];
    for (const fan of [away, watching]) {
      await seedFollow(server, fan.id, owner.id);
      const load = await fan.client.get(`/api/chats/load?chat_id=${channel}`);
      expect(load.statusCode, load.body).toBe(200);
    }
    const socket = await socketOf(url, watching);
    expect(await joinChat(socket, channel)).toMatchObject({ ok: true });
    await expect
      .poll(() => server.ctx.realtime.roomUserIds(chatRoom(channel)))
      .toContain(watching.id);

    for (const text of ['New post', 'And another'])
      expect((await sendToChannel(owner, channel, text)).statusCode).toBe(200);
    await server.ctx.jobs.drain();

    expect(await linesOf(server, away.id)).toEqual([
      expect.objectContaining({
        type: 'channel_post',
        actorId: owner.id,
        actorCount: 2,
        subject: { kind: 'channel', id: channel },
        groupKey: `channel:${channel}`,
      }),
    ]);
    for (const person of [watching, stranger, owner])
      expect(await linesOf(server, person.id)).toEqual([]);
  });

  it('reaches a channel page by page in the background, once each, and not who may no longer read it', async () => {
    const owner = await creator(server);
    const channel = await channelIdOf(server, owner.id);
    const fans = await Promise.all(Array.from({ length: 7 }, () => viewer(server)));
    for (const fan of fans) {
      await seedFollow(server, fan.id, owner.id);
      expect((await fan.client.get(`/api/chats/load?chat_id=${channel}`)).statusCode).toBe(200);
    }
    // A member who unfollowed can no longer read a follower's channel.
    const lapsed = fans.pop()!;
    expect((await lapsed.client.delete(`/api/users/${owner.id}/follow`)).statusCode).toBe(200);
    const page = CHANNEL_NOTICE_PAGE.size;
    CHANNEL_NOTICE_PAGE.size = 2;
    try {
      expect((await sendToChannel(owner, channel, 'To everyone')).statusCode).toBe(200);
      await server.ctx.jobs.drain();
      // The first page's job once more (a retried job): nobody is told twice.
      const [message] = await server.ctx.db
        .execute<{ id: number }>(
          sql`select id from messages where chat_id = ${channel} order by id desc limit 1`,
        )
        .then((result) => result.rows);
      await runChannelNotices(server.ctx, {
        chatId: channel,
        messages: [
          { id: Number(message!.id), senderId: owner.id, type: 'text', body: 'To everyone' },
        ],
        present: [],
        afterUserId: 0,
      });
    } finally {
      CHANNEL_NOTICE_PAGE.size = page;
    }
    for (const fan of fans)
      expect(await linesOf(server, fan.id)).toEqual([
        expect.objectContaining({ type: 'channel_post', actorCount: 1 }),
      ]);
    expect(await linesOf(server, lapsed.id)).toEqual([]);
  });
});
