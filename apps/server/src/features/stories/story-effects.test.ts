import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Story } from '@glimpse/contract';
import { eq } from 'drizzle-orm';
import { stories } from '../../db/schema/index.ts';
import { loadConfig } from '../../platform/config/config.ts';
import type { JobName, JobRunner } from '../../platform/queue/job-runner.ts';
import { createServer } from '../../server.ts';
import { signedUpUser } from '../../test/factories.ts';
import {
  client,
  startTestServer,
  TEST_ORIGIN,
  type Client,
  type TestServer,
} from '../../test/harness.ts';
import { solidImage } from '../../test/images.ts';
import { postStory, processedStory } from '../../test/stories.ts';
import { createThrowawayDatabase, usePostgres } from '../../test/test-database.ts';
import { PROCESSING_GAVE_UP_REASON } from './story-processing.ts';
import { sweepStuckStories } from './story-sweeper.ts';

/**
 * The server's job runner with a fault in `enqueue` for one job name: `fail` throws (a dropped
 * pg-boss connection), `drop` returns without queueing (a job that vanished).
 */
function faultyJobs(
  real: JobRunner,
  name: JobName,
  fault: 'fail' | 'drop',
  times = Number.POSITIVE_INFINITY,
): JobRunner {
  let left = times;
  return new Proxy(real, {
    get(target, property, receiver) {
      if (property === 'enqueue')
        return async (...args: Parameters<JobRunner['enqueue']>) => {
          if (args[0] === name && left > 0) {
            left -= 1;
            if (fault === 'fail') throw new Error('Connection terminated unexpectedly');
            return;
          }
          return target.enqueue(...args);
        };
      return Reflect.get(target, property, receiver) as unknown;
    },
  });
}

async function postImage(owner: Client): Promise<number> {
  const posted = await postStory(owner, {
    data: await solidImage('png'),
    filename: 'story.png',
    contentType: 'image/png',
  });
  expect(posted.statusCode, posted.body).toBe(201);
  return posted.json<{ id: number }>().id;
}

async function storyAsOwner(owner: Client, id: number): Promise<Story> {
  return (await owner.get(`/api/stories/${id}`)).json<Story>();
}

async function outboxJobs(server: TestServer): Promise<string[]> {
  const { rows } = await server.ctx.database.executeSql<{ name: string }>(
    "select name from outbox where kind = 'job' order by id",
  );
  return rows.map((row) => row.name);
}

describe('story processing whose job cannot be queued', () => {
  let server: TestServer;
  let realJobs: JobRunner;
  beforeAll(async () => {
    server = await startTestServer();
    realJobs = server.ctx.jobs;
  });
  afterEach(() => {
    server.ctx.jobs = realJobs;
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('still reaches ready when the first enqueue fails (the posting request succeeds)', async () => {
    const owner = await signedUpUser(server);
    server.ctx.jobs = faultyJobs(realJobs, 'story.process', 'fail', 1);
    const id = await postImage(owner.client);
    // The failed delivery left the job in the outbox instead of losing it.
    expect(await outboxJobs(server)).toEqual(['story.process']);

    const story = await processedStory(server, owner.client, id);
    expect(story.is_processing).toBe(false);
    expect(story.processing_error).toBeNull();
    expect(story.overlay_image_src).toMatch(/^\/media\//);
    expect(await outboxJobs(server)).toEqual([]);
  });

  it('sweeper: re-queues a story whose job was lost, and it becomes ready', async () => {
    const owner = await signedUpUser(server);
    server.ctx.jobs = faultyJobs(realJobs, 'story.process', 'drop', 1);
    const id = await postImage(owner.client);
    await server.ctx.jobs.drain(10_000);
    expect((await storyAsOwner(owner.client, id)).is_processing).toBe(true);

    const outcomes = await sweepStuckStories(server.ctx, 0);
    expect(outcomes.get(id)).toBe('requeued');
    const story = await processedStory(server, owner.client, id);
    expect(story.is_processing).toBe(false);
    expect(story.processing_error).toBeNull();
  });

  it('sweeper: fails a story that is still processing after its job finished, with the catalogued reason', async () => {
    const owner = await signedUpUser(server);
    const id = await postImage(owner.client);
    await processedStory(server, owner.client, id);
    // Its job ran (a re-queued one included) yet the story is processing: nothing will finish it.
    await server.ctx.db.update(stories).set({ status: 'processing' }).where(eq(stories.id, id));

    const outcomes = await sweepStuckStories(server.ctx, 0);
    expect(outcomes.get(id)).toBe('failed');
    const story = await storyAsOwner(owner.client, id);
    expect(story.is_processing).toBe(false);
    expect(story.processing_error).toBe(PROCESSING_GAVE_UP_REASON);
  });

  it('sweeper: leaves alone a story whose job is waiting in the outbox, and one posted within the limit', async () => {
    const owner = await signedUpUser(server);
    server.ctx.jobs = faultyJobs(realJobs, 'story.process', 'fail');
    const id = await postImage(owner.client);

    expect((await sweepStuckStories(server.ctx, 0)).get(id)).toBe('in_hand');
    expect((await sweepStuckStories(server.ctx, 3600)).has(id)).toBe(false);
    expect(await outboxJobs(server)).toEqual(['story.process']);

    server.ctx.jobs = realJobs;
    const story = await processedStory(server, owner.client, id);
    expect(story.is_processing).toBe(false);
  });
});

describe('a server stopped before its outbox was delivered', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'glimpse-outbox-'));
  let database: { url: string; drop(): Promise<void> } | undefined;
  const running: TestServer[] = [];

  /** A server on the same data each time: PGlite in `dataDir`, or one PostgreSQL database. */
  async function startServer(storyStuckAfterSeconds = 1800): Promise<TestServer> {
    const config = loadConfig(
      // No RTMP listener: the default port is one any other server on this machine may hold.
      { PUBLIC_URL: TEST_ORIGIN, LOG_LEVEL: 'silent', SIGNUPS_PER_HOUR: '100000', RTMP_PORT: '0' },
      { dataDir, databaseUrl: database?.url, storyStuckAfterSeconds },
    );
    const server = await createServer(config, {
      logger: pino({ level: 'silent' }) as unknown as FastifyBaseLogger,
      jobPollingIntervalSeconds: 0.5,
    });
    const testServer: TestServer = { ...server, config, stop: () => server.close() };
    running.push(testServer);
    return testServer;
  }

  beforeAll(async () => {
    if (usePostgres()) database = await createThrowawayDatabase();
  });
  afterAll(async () => {
    for (const server of running.splice(0)) await server.stop().catch(() => undefined);
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('has the next server deliver the job, and its sweeper re-queue a lost one', async () => {
    const first = await startServer();
    const owner = await signedUpUser(first);
    // pg-boss unreachable for the whole life of the first server.
    first.ctx.jobs = faultyJobs(first.ctx.jobs, 'story.process', 'fail');
    const id = await postImage(owner.client);
    expect(await outboxJobs(first)).toEqual(['story.process']);
    await first.stop();
    running.splice(running.indexOf(first), 1);

    // A sweep every half second, for stories processing longer than one second.
    const second = await startServer(1);
    // Sessions live in the database, so the owner is still signed in.
    const asOwner = client(second, { cookie: owner.client.cookie! });
    const delivered = await processedStory(second, asOwner, id);
    expect(delivered.is_processing).toBe(false);
    expect(delivered.processing_error).toBeNull();

    // The sweeper runs on its timer: a job that vanished is queued again without anyone asking.
    second.ctx.jobs = faultyJobs(second.ctx.jobs, 'story.process', 'drop', 1);
    const lost = await postImage(asOwner);
    await expect
      .poll(async () => (await storyAsOwner(asOwner, lost)).is_processing, { timeout: 30_000 })
      .toBe(false);
    expect((await storyAsOwner(asOwner, lost)).processing_error).toBeNull();
  }, 90_000);
});
