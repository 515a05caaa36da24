import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Message, OwnStory, Story, StreamWatchAck } from '@glimpse/contract';
import { messages, streams, users } from '../../../db/schema/index.ts';
import { collect, waitForCount } from '../../../platform/realtime/test/socket-test-client.ts';
import { type TestServer } from '../../../test/harness.ts';
import { explainAccess } from '../../access/index.ts';
import { loadWith, sent } from '../../chats/test/chat-fixtures.ts';
import { fakeLive, startStream } from '../../live/test/live-fixtures.ts';
import { creator, viewer } from '../../money/test/index.ts';
import { directChat } from '../../stories/test/chat-story-fixtures.ts';
import { restore, takeDown } from './index.ts';

import { useEnforcementServer } from './test/enforcement-server.ts';

/**
 * What a moderator's decision does (issue 29, part 4), on one node: every surface of a story,
 * a message and a stream taken down. Accounts suspended and payouts held:
 * suspension.api.test.ts; two nodes: enforcement-nodes.api.test.ts.
 */

const surfaces = useEnforcementServer();
const { socketOf, readyStory, storyIds, discover } = surfaces;
let server: TestServer;
beforeAll(() => {
  server = surfaces.server;
});

describe('a story taken down', () => {
  it('leaves every surface at once: viewer, profile, home, a media URL handed out, the chat card; the owner sees it taken down', async () => {
    const owner = await creator(server);
    const fan = await viewer(server);
    const storyId = await readyStory(owner);
    const chatId = await directChat(server, owner.id, fan.id);
    const shared = await readyStory(owner, { destination: 'chat', chats: [chatId] });

    const before = await fan.client.get(`/api/stories/${storyId}`);
    expect(before.statusCode, before.body).toBe(200);
    const mediaUrl = before.json<Story>().overlay_src!;
    expect((await fan.client.get(mediaUrl)).statusCode).toBe(200);
    const sharedBefore = await fan.client.get(`/api/stories/${shared}`);
    const sharedMedia = sharedBefore.json<Story>().overlay_src!;
    expect(await storyIds(fan.client, owner.id)).toContain(storyId);
    expect(await discover(fan.client)).toContain(owner.id);
    const cardOf = async () =>
      (await loadWith(fan, owner.id)).messages.find((m) => m.type === 'story');
    expect((await cardOf())?.story?.id).toBe(shared);
    const fanSocket = await socketOf(fan);
    const removed = collect(fanSocket, 'content.removed');

    const started = Date.now();
    expect(await takeDown(server.ctx, 'story', storyId)).toEqual({ ownerId: owner.id });
    expect(await takeDown(server.ctx, 'story', shared)).toEqual({ ownerId: owner.id });

    const viewed = await fan.client.get(`/api/stories/${storyId}`);
    expect(viewed.statusCode).toBe(404);
    expect(viewed.json()).toMatchObject({ err_key: 'story_not_found' });
    expect((await fan.client.get(mediaUrl)).statusCode).toBe(404);
    expect((await fan.client.get(sharedMedia)).statusCode).toBe(404);
    expect(await storyIds(fan.client, owner.id)).not.toContain(storyId);
    // Its only public story gone, the creator leaves the home lists (the counter follows).
    expect(await discover(fan.client)).not.toContain(owner.id);
    const card = await cardOf();
    expect(card).toBeDefined();
    expect(card!.story).toBeNull();
    const elapsed = Date.now() - started;
    expect(elapsed).toBeLessThan(60_000);
    console.info(`story takedown: every surface on this node refused it ${elapsed} ms after`);

    await waitForCount(removed, 2);
    expect(removed).toEqual(
      expect.arrayContaining([
        { kind: 'story', id: storyId },
        { kind: 'story', id: shared },
      ]),
    );
    // A moderator still reads it, media included, to judge it.
    const moderator = await viewer(server);
    await server.ctx.db.update(users).set({ role: 'moderator' }).where(eq(users.id, moderator.id));
    const judged = await moderator.client.get(`/api/stories/${storyId}`);
    expect(judged.statusCode).toBe(200);
    expect((await moderator.client.get(judged.json<Story>().overlay_src!)).statusCode).toBe(200);
    const own = await owner.client.get(`/api/stories/${storyId}`);
    expect(own.statusCode).toBe(200);
    expect(own.json<Story>().status).toBe('taken_down');
    const ownList = (await owner.client.get('/api/users/me/stories')).json<OwnStory[]>();
    expect(ownList.find((s) => s.id === storyId)?.status).toBe('taken_down');

    // Idempotent: nothing changes, nothing is emitted again.
    expect(await takeDown(server.ctx, 'story', storyId)).toEqual({ ownerId: owner.id });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(removed).toHaveLength(2);
    expect(await takeDown(server.ctx, 'story', 999_999_999)).toBeNull();

    expect(await restore(server.ctx, 'story', storyId)).toEqual({ ownerId: owner.id });
    expect((await fan.client.get(`/api/stories/${storyId}`)).statusCode).toBe(200);
    expect((await fan.client.get(mediaUrl)).statusCode).toBe(200);
    expect(await storyIds(fan.client, owner.id)).toContain(storyId);
    expect(await discover(fan.client)).toContain(owner.id);
  });
});

describe('a message taken down', () => {
  it('shows as removed to everyone, content gone, tells the chat, and comes back on restore', async () => {
    const alice = await viewer(server);
    const bob = await viewer(server);
    const message = await sent(alice, bob, 'something hateful');
    const bobSocket = await socketOf(bob);
    await bobSocket.emitWithAck('chat.join', { chat_id: message.chat_id });
    const removed = collect(bobSocket, 'content.removed');

    expect(await takeDown(server.ctx, 'message', message.id)).toEqual({ ownerId: alice.id });
    expect(await takeDown(server.ctx, 'message', message.id)).toEqual({ ownerId: alice.id });
    for (const reader of [alice, bob]) {
      const history = await reader.client.get(`/api/chats/${message.chat_id}/messages`);
      const shown = history
        .json<{ messages: Message[] }>()
        .messages.find((m) => m.id === message.id);
      expect(shown).toMatchObject({ deleted: true, message: '' });
    }
    await waitForCount(removed, 1);
    expect(removed[0]).toEqual({ kind: 'message', id: message.id, chat_id: message.chat_id });
    const [row] = await server.ctx.db
      .select({ body: messages.body })
      .from(messages)
      .where(eq(messages.id, message.id));
    expect(row?.body).toBe('something hateful');

    await restore(server.ctx, 'message', message.id);
    const history = await bob.client.get(`/api/chats/${message.chat_id}/messages`);
    const shown = history.json<{ messages: Message[] }>().messages.find((m) => m.id === message.id);
    expect(shown?.message).toBe('something hateful');
    expect(shown?.deleted ?? false).toBe(false);
  });
});

describe('a stream taken down', () => {
  it('ends for every viewer at once, is hidden from all but its creator, and refuses its ingest', async () => {
    const host = await viewer(server);
    const fan = await viewer(server);
    const stream = await startStream(host.client, { title: 'Live' });
    await fakeLive(server, stream.id);
    const fanSocket = await socketOf(fan);
    const ack = (await fanSocket.emitWithAck('stream.watch', {
      stream_id: stream.id,
    })) as StreamWatchAck;
    expect(ack.ok).toBe(true);
    const ended = collect(fanSocket, 'stream.ended');
    const removed = collect(fanSocket, 'content.removed');

    expect(await takeDown(server.ctx, 'stream', stream.id)).toEqual({ ownerId: host.id });
    await waitForCount(ended, 1);
    await waitForCount(removed, 1);
    expect(removed[0]).toEqual({ kind: 'stream', id: stream.id });
    expect((await fan.client.get(`/api/streams/${stream.id}`)).statusCode).toBe(404);
    expect((await host.client.get(`/api/streams/${stream.id}`)).statusCode).toBe(200);
    const [row] = await server.ctx.db
      .select({ status: streams.status, takenDownAt: streams.takenDownAt })
      .from(streams)
      .where(eq(streams.id, stream.id));
    expect(row?.status).toBe('ended');
    expect(row?.takenDownAt).not.toBeNull();
    const ingest = await explainAccess(server.ctx, host.id, 'stream.ingest', stream.id);
    expect(ingest.verdict).not.toBe('allow');
    // Again: nothing more happens.
    expect(await takeDown(server.ctx, 'stream', stream.id)).toEqual({ ownerId: host.id });
  });
});
