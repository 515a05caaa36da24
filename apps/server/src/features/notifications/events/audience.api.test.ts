import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Story } from '@glimpse/contract';
import { seedFollow, seedSubscription } from '../../../test/access-fixtures.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { solidImage } from '../../../test/images.ts';
import { postStory, processedStory } from '../../../test/stories.ts';
import { creator, seedBlock, viewer } from '../../chats/test/chat-fixtures.ts';
import { streamWentLive } from '../../live/stream-lifecycle.service.ts';
import { startStream } from '../../live/test/live-fixtures.ts';
import { linesAbout, linesOf, mute, turnOff } from './test/event-fixtures.ts';

/** story_posted and stream_started reach the creator's followers and subscribers. */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

/** A creator and an audience with one of each kind of person who must or must not hear. */
async function audience() {
  const star = await creator(server);
  const [follower, subscriber, muting, blocked, quiet, stranger] = [
    await viewer(server),
    await viewer(server),
    await viewer(server),
    await viewer(server),
    await viewer(server),
    await viewer(server),
  ];
  for (const fan of [follower, muting, blocked, quiet]) await seedFollow(server, fan.id, star.id);
  await seedSubscription(server, subscriber.id, star.id);
  await mute(server, muting.id, star.id);
  await seedBlock(server, star.id, blocked.id);
  return {
    star,
    hear: [follower, subscriber],
    silent: [muting, blocked, stranger, star],
    quiet,
  };
}

describe('story_posted', () => {
  it('tells followers and subscribers once when the story is ready; not the muting, the blocked, a stranger or the creator', async () => {
    const { star, hear, silent, quiet } = await audience();
    await turnOff(server, quiet.id, 'story_posted');
    const posted = await postStory(star.client, { data: await solidImage('png') });
    expect(posted.statusCode, posted.body).toBe(201);
    const story = await processedStory(server, star.client, posted.json<Story>().id);
    expect([story.is_processing, story.processing_error]).toEqual([false, null]);
    await server.ctx.jobs.drain(60_000);

    const lines = await linesAbout(server, 'story_posted', story.id);
    expect(lines.map((line) => line.userId).sort((a, b) => a - b)).toEqual(
      hear.map((fan) => fan.id).sort((a, b) => a - b),
    );
    expect(lines[0]).toMatchObject({
      actorId: star.id,
      subject: { kind: 'story', id: story.id },
      dedupeKey: `story:${story.id}`,
    });
    for (const person of [...silent, quiet]) expect(await linesOf(server, person.id)).toEqual([]);
  });

  it('a story that fails processing notifies nobody', async () => {
    const { star, hear } = await audience();
    // A PNG cut short: accepted at upload (its header is a PNG's), unreadable when processed.
    const png = await solidImage('png', 640, 480);
    const posted = await postStory(star.client, {
      data: png.subarray(0, Math.floor(png.length / 3)),
      contentType: 'image/png',
      filename: 'broken.png',
    });
    expect(posted.statusCode, posted.body).toBe(201);
    const story = await processedStory(server, star.client, posted.json<Story>().id);
    expect(story.processing_error).toEqual(expect.any(String));
    await server.ctx.jobs.drain(60_000);
    for (const fan of hear) expect(await linesOf(server, fan.id)).toEqual([]);
  });
});

describe('stream_started', () => {
  it('tells followers and subscribers once when the stream goes live, not when it is created', async () => {
    const { star, hear, silent, quiet } = await audience();
    const stream = await startStream(star.client);
    await server.ctx.jobs.drain(60_000);
    for (const fan of hear) expect(await linesOf(server, fan.id)).toEqual([]);

    await streamWentLive(server.ctx, stream.id);
    await streamWentLive(server.ctx, stream.id);
    await server.ctx.jobs.drain(60_000);
    const lines = await linesAbout(server, 'stream_started', stream.id);
    expect(lines.map((line) => line.userId).sort((a, b) => a - b)).toEqual(
      [...hear, quiet].map((fan) => fan.id).sort((a, b) => a - b),
    );
    expect(lines[0]).toMatchObject({ actorId: star.id, subject: { kind: 'stream' } });
    for (const person of silent) expect(await linesOf(server, person.id)).toEqual([]);
  });
});
