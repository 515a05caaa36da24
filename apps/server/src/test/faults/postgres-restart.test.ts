import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatState, Story } from '@glimpse/contract';
import {
  creator,
  fundWallet,
  pay,
  sendText,
  sent,
  viewer,
} from '../../features/chats/test/chat-fixtures.ts';
import type { TestServer } from '../harness.ts';
import { solidImage } from '../images.ts';
import { waitUntil } from '../processes.ts';
import { postStory } from '../stories.ts';
import {
  answered,
  expectUnavailable,
  health,
  healthUntil,
  startFaultServer,
  UNAVAILABLE,
  untilOk,
} from './fault-helpers.ts';
import { PrivatePostgres } from './private-services.ts';

/** Issue 30 item 8: PostgreSQL restarted under a running server, on a cluster of the test's own. */
let postgres: PrivatePostgres;
let server: TestServer;

beforeAll(async () => {
  postgres = await PrivatePostgres.create();
  server = await startFaultServer({ databaseUrl: postgres.url });
}, 120_000);

// As long as the start: on a busy machine the server's graceful stop (its job workers wait for
// their jobs) and the cluster's shutdown took over a minute.
afterAll(async () => {
  await server?.stop();
  await postgres?.destroy();
}, 120_000);

describe('PostgreSQL restarted', () => {
  it('answers 503 with Retry-After while it is down, keeps what was acknowledged, and recovers by itself', async () => {
    const [alice, bob] = [await viewer(server), await viewer(server)];
    const star = await creator(server);
    await fundWallet(server, bob.id, 5_000);
    const before = await sent(bob, alice, 'before the restart');
    const tip = { user_id: star.id, amount: 5 };
    expect((await pay(bob.client, 'POST', '/api/tips', tip)).statusCode).toBe(200);
    expect((await health(server)).statusCode).toBe(200);

    await postgres.stop('SIGINT');
    const down = await healthUntil(server, 'database', 'down');
    expect(down.statusCode).toBe(503);
    expect(down.body).toMatchObject({
      err_key: 'service_unavailable',
      status: 'down',
      checks: { database: { state: 'down', kind: 'postgres' }, queue: { state: 'down' } },
    });
    expect(down.body.checks.storage.state).toBe('up');

    // Reads and writes that need the database: refused in a way a client can act on, never 500.
    expect(expectUnavailable(await answered(sendText(bob, alice, 'during'), 'send'))).toBe(
      UNAVAILABLE,
    );
    expect(
      expectUnavailable(
        await answered(alice.client.get(`/api/chats/load?user_id=${bob.id}`), 'chat load'),
      ),
    ).toBe(UNAVAILABLE);
    const refusedTipKey = randomUUID();
    const secondTip = { user_id: star.id, amount: 3 };
    expect(
      expectUnavailable(
        await answered(pay(bob.client, 'POST', '/api/tips', secondTip, refusedTipKey), 'tip'),
      ),
    ).toBe(UNAVAILABLE);

    await postgres.start();
    const up = await healthUntil(server, 'database', 'up');
    expect(up.statusCode).toBe(200);
    expect(up.body.checks.queue.state).toBe('up');

    // The refused tip was never taken: retried with its key it is taken once.
    expect(
      (await untilOk(() => pay(bob.client, 'POST', '/api/tips', secondTip, refusedTipKey)))
        .statusCode,
    ).toBe(200);
    const after = await sent(bob, alice, 'after the restart');
    const chat = await alice.client.get(`/api/chats/load?user_id=${bob.id}`);
    expect(chat.statusCode).toBe(200);
    expect(chat.json<ChatState>().messages.map((m) => m.message)).toEqual(
      expect.arrayContaining([before.message, after.message]),
    );
    expect(chat.json<ChatState>().messages.map((m) => m.message)).not.toContain('during');
    const wallet = await bob.client.get('/api/wallet');
    expect(wallet.json<{ balance: number }>().balance).toBe(50 - 5 - 3);

    // The job queue runs again without a restart: a story posted now is processed.
    const posted = await postStory(star.client, {
      data: await solidImage('png'),
      filename: 'after.png',
      contentType: 'image/png',
    });
    expect(posted.statusCode).toBe(201);
    // Polled rather than drained: a job row the relay had claimed when the database went away
    // comes due again only when its claim lapses (30 s), which drain() would wait for.
    const url = `/api/stories/${posted.json<Story>().id}`;
    let story: Story | undefined;
    expect(
      await waitUntil(
        async () => {
          story = (await star.client.get(url)).json<Story>();
          return !story.is_processing;
        },
        30_000,
        200,
      ),
    ).toBe(true);
    expect(story!.processing_error).toBeNull();
  }, 120_000);
});
