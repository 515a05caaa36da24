import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  notificationPreferences,
  notifications,
  notificationSettings,
  pushSubscriptions,
  users,
} from '../../../db/schema/index.ts';
import { inTransaction } from '../../../platform/db/transaction.ts';
import {
  client,
  startTestServer,
  type Client,
  type TestServer,
  RETRY_JOB_POLLING_SECONDS,
} from '../../../test/harness.ts';
import { signedUpUser } from '../../../test/factories.ts';
import { creator, fundWallet, pay, viewer } from '../../money/test/index.ts';
import { notify, type NotificationInput } from '../index.ts';
import type { PushPayload } from './push-delivery.job.ts';
import { startTestPushService, type TestPushService } from './test/test-push-service.ts';

let server: TestServer;
let pushService: TestPushService;
let serverKey: string;

beforeAll(async () => {
  // A failed push is retried after a second, not after the production backoff.
  server = await startTestServer(
    {},
    {
      jobQueueOptions: { retryDelay: 1, retryBackoff: false },
      jobPollingIntervalSeconds: RETRY_JOB_POLLING_SECONDS,
    },
  );
  pushService = await startTestPushService();
});
afterAll(async () => {
  await server?.stop();
  await pushService?.close();
});

const SUBSCRIPTIONS = '/api/notifications/push/subscriptions';

/** A signed-in browser that turned push on: the server's key, then its subscription saved. */
async function subscribedBrowser(c: Client) {
  const key = await c.get('/api/notifications/push/key');
  expect(key.statusCode).toBe(200);
  serverKey = key.json<{ public_key: string }>().public_key;
  const subscription = pushService.subscribe(serverKey);
  const saved = await c.post(SUBSCRIPTIONS, subscription);
  expect(saved.statusCode, saved.body).toBe(201);
  return subscription;
}

const pushesTo = (endpoint: string) =>
  pushService.received.filter((push) => push.endpoint === endpoint).map((push) => push.payload);

const subscriptionRows = (userId: number) =>
  server.ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));

/** An event for `userId` written as a feature writes it; answers the line's id. */
async function notifyNow(userId: number, extra: Partial<NotificationInput> = {}): Promise<number> {
  const id = await inTransaction(server.ctx.db, (tx, effects) =>
    notify(server.ctx, tx, effects, {
      userId,
      type: 'payout_paid',
      actorId: null,
      subject: { kind: 'wallet', id: 0 },
      data: { amount: 12.5 },
      dedupeKey: `push-test:${Math.random()}`,
      ...extra,
    }),
  );
  if (id === null) throw new Error('nothing was written');
  return id;
}

/** The push jobs waiting for a later start (held for quiet hours). */
async function heldPushes(): Promise<{ data: { notificationId: number }; start_after: Date }[]> {
  const { rows } = await server.ctx.database.executeSql<{
    data: { notificationId: number };
    start_after: Date;
  }>(
    `select data, start_after from pgboss.job
      where name = 'notifications.push' and state = 'created' and start_after > now()`,
  );
  return rows;
}

async function waitFor<T>(read: () => Promise<T[]>, what: string): Promise<T[]> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const rows = await read();
    if (rows.length > 0) return rows;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('Web Push', () => {
  it("the key is the server's VAPID key, made once into DATA_DIR", async () => {
    const { client: c } = await signedUpUser(server);
    const key = (await c.get('/api/notifications/push/key')).json<{ public_key: string }>();
    const file = JSON.parse(readFileSync(path.join(server.config.dataDir, 'vapid.json'), 'utf8'));
    expect(key.public_key).toBe(file.publicKey);
    expect(Buffer.from(key.public_key, 'base64url')).toHaveLength(65);
  });

  it("a tip reaches the creator's browser: VAPID-signed, decrypted it names the event and path; another user's browser gets nothing", async () => {
    const target = await creator(server);
    const tipper = await viewer(server);
    const bystander = await viewer(server);
    const browser = await subscribedBrowser(target.client);
    const otherBrowser = await subscribedBrowser(bystander.client);
    const tipperBrowser = await subscribedBrowser(tipper.client);
    await fundWallet(server, tipper.id, 2_000);
    const [tipperRow] = await server.ctx.db.select().from(users).where(eq(users.id, tipper.id));

    const tip = await pay(tipper.client, 'POST', '/api/tips', { user_id: target.id, amount: 7.5 });
    expect(tip.statusCode, tip.body).toBe(200);
    await server.ctx.jobs.drain();

    const [line] = await server.ctx.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, target.id));
    expect(pushesTo(browser.endpoint)).toEqual([
      {
        id: line!.id,
        type: 'tip_received',
        title: 'Tip received',
        body: `${tipperRow!.name} sent you a tip of $7.50`,
        path: '/wallet',
      } satisfies PushPayload,
    ]);
    const push = pushService.received.find((p) => p.endpoint === browser.endpoint)!;
    expect(push.jwt.aud).toBe(pushService.origin);
    expect(push.headers.ttl).toBe(String(24 * 60 * 60));
    expect(push.headers.urgency).toBe('normal');
    expect(pushesTo(otherBrowser.endpoint)).toEqual([]);
    expect(pushesTo(tipperBrowser.endpoint)).toEqual([]);
    expect(pushService.refused).toEqual([]);
    const [row] = await subscriptionRows(target.id);
    expect(row!.lastSuccessAt).not.toBeNull();
  });

  it('queues a push job only for a user with a browser to push to', async () => {
    const withBrowser = await creator(server);
    const without = await creator(server);
    const tipper = await viewer(server);
    await subscribedBrowser(withBrowser.client);
    await fundWallet(server, tipper.id, 2_000);
    for (const target of [withBrowser, without]) {
      const tip = await pay(tipper.client, 'POST', '/api/tips', { user_id: target.id, amount: 1 });
      expect(tip.statusCode, tip.body).toBe(200);
    }
    await server.ctx.jobs.drain();

    const pushJobsFor = async (userId: number) => {
      const lines = await server.ctx.db
        .select({ id: notifications.id })
        .from(notifications)
        .where(eq(notifications.userId, userId));
      expect(lines).toHaveLength(1);
      const { rows } = await server.ctx.database.executeSql<{ n: number }>(
        `select count(*)::int as n from pgboss.job
          where name = 'notifications.push' and (data->>'notificationId')::bigint = $1`,
        [lines[0]!.id],
      );
      return rows[0]!.n;
    };
    expect(await pushJobsFor(withBrowser.id)).toBe(1);
    expect(await pushJobsFor(without.id)).toBe(0);
  });

  it("is written in the user's language", async () => {
    const { user, client: c } = await signedUpUser(server);
    await server.ctx.db.update(users).set({ language: 'de' }).where(eq(users.id, user.id));
    const browser = await subscribedBrowser(c);
    await notifyNow(user.id);
    await server.ctx.jobs.drain();
    expect(pushesTo(browser.endpoint)).toEqual([
      expect.objectContaining({
        type: 'payout_paid',
        title: 'Auszahlung überwiesen',
        body: 'Deine Auszahlung von 12,50\u00a0$ wurde überwiesen',
        path: '/wallet',
      }),
    ]);
  });

  it("an endpoint answering 410 or 404 loses its subscription; the user's other browser still gets the push", async () => {
    const { user, client: c } = await signedUpUser(server);
    const gone = await subscribedBrowser(c);
    const missing = await subscribedBrowser(c);
    const kept = await subscribedBrowser(c);
    pushService.answer(gone.endpoint, 410);
    pushService.answer(missing.endpoint, 404);
    await notifyNow(user.id);
    await server.ctx.jobs.drain();
    expect((await subscriptionRows(user.id)).map((row) => row.endpoint)).toEqual([kept.endpoint]);
    expect(pushesTo(kept.endpoint)).toHaveLength(1);
  });

  it('another failure is retried by the job runner and the subscription stays', async () => {
    const { user, client: c } = await signedUpUser(server);
    const browser = await subscribedBrowser(c);
    pushService.answer(browser.endpoint, 503);
    const id = await notifyNow(user.id);
    // The first attempt has failed once the job waits for its retry.
    await waitFor(async () => {
      const { rows } = await server.ctx.database.executeSql<{ id: string }>(
        `select id from pgboss.job where name = 'notifications.push' and state = 'retry'
            and (data->>'notificationId')::int = ${id}`,
      );
      return rows;
    }, 'the retry');
    expect(await subscriptionRows(user.id)).toHaveLength(1);
    pushService.answer(browser.endpoint, 201);
    await server.ctx.jobs.drain();
    expect(pushesTo(browser.endpoint)).toEqual([expect.objectContaining({ id })]);
  });

  it("quiet hours hold the push until they end in the user's time zone; a line read meanwhile is never pushed", async () => {
    const { user, client: c } = await signedUpUser(server);
    const browser = await subscribedBrowser(c);
    const timeZone = 'Asia/Kathmandu';
    const parts = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).formatToParts(new Date());
    const minute =
      Number(parts.find((p) => p.type === 'hour')!.value) * 60 +
      Number(parts.find((p) => p.type === 'minute')!.value);
    // Quiet from an hour ago until two hours from now, local time (wrapping past midnight).
    await server.ctx.db.insert(notificationSettings).values({
      userId: user.id,
      timeZone,
      quietStart: (minute + 1440 - 60) % 1440,
      quietEnd: (minute + 120) % 1440,
    });
    const pushed = await notifyNow(user.id);
    const read = await notifyNow(user.id, { type: 'tip_received', data: { amount: 1 } });

    // Both pushes wait, queued again to start when the quiet hours end.
    const held = await waitFor(async () => {
      const jobs = (await heldPushes()).filter((job) =>
        [pushed, read].includes(job.data.notificationId),
      );
      return jobs.length === 2 ? jobs : [];
    }, 'the held pushes');
    const expected = Math.floor(Date.now() / 60_000) * 60_000 + 120 * 60_000;
    for (const job of held)
      expect(Math.abs(new Date(job.start_after).getTime() - expected)).toBeLessThanOrEqual(60_000);
    expect(pushesTo(browser.endpoint)).toEqual([]);

    // The user reads one line; then the quiet hours end (the held jobs come due).
    await server.ctx.db
      .update(notifications)
      .set({ readAt: new Date() })
      .where(eq(notifications.id, read));
    await server.ctx.db
      .update(notificationSettings)
      .set({ quietStart: null, quietEnd: null })
      .where(eq(notificationSettings.userId, user.id));
    await server.ctx.database.executeSql(
      `update pgboss.job set start_after = now() where name = 'notifications.push' and state = 'created'`,
    );
    await server.ctx.jobs.drain();
    expect(pushesTo(browser.endpoint)).toEqual([expect.objectContaining({ id: pushed })]);
  });

  it('a push held for quiet hours is not sent once the user turned push off for its type', async () => {
    const { user, client: c } = await signedUpUser(server);
    const browser = await subscribedBrowser(c);
    // Quiet all day but the last minute before midnight UTC: the push is held.
    await server.ctx.db
      .insert(notificationSettings)
      .values({ userId: user.id, timeZone: 'UTC', quietStart: 0, quietEnd: 1439 });
    const nowMinute = new Date().getUTCHours() * 60 + new Date().getUTCMinutes();
    if (nowMinute === 1439) return; // the one minute this setup is not quiet
    const id = await notifyNow(user.id);
    await waitFor(
      async () => (await heldPushes()).filter((job) => job.data.notificationId === id),
      'the held push',
    );
    await server.ctx.db
      .insert(notificationPreferences)
      .values({ userId: user.id, type: 'payout_paid', inApp: true, push: false, email: 'off' });
    await server.ctx.db
      .update(notificationSettings)
      .set({ quietStart: null, quietEnd: null })
      .where(eq(notificationSettings.userId, user.id));
    await server.ctx.database.executeSql(
      `update pgboss.job set start_after = now() where name = 'notifications.push' and state = 'created'`,
    );
    await server.ctx.jobs.drain();
    expect(pushesTo(browser.endpoint)).toEqual([]);
  });

  it("subscribing saves the browser for the caller; unsubscribing removes only the caller's", async () => {
    const owner = await signedUpUser(server);
    const other = await signedUpUser(server);
    const browser = await subscribedBrowser(owner.client);
    // Saved twice (the page subscribing again): still one row.
    expect((await owner.client.post(SUBSCRIPTIONS, browser)).statusCode).toBe(201);
    expect(await subscriptionRows(owner.user.id)).toHaveLength(1);

    const removeAs = (c: Client) =>
      c.request({
        method: 'POST',
        url: `${SUBSCRIPTIONS}/remove`,
        payload: { endpoint: browser.endpoint },
      });
    expect((await removeAs(other.client)).statusCode).toBe(204);
    expect(await subscriptionRows(owner.user.id)).toHaveLength(1);
    expect((await removeAs(owner.client)).statusCode).toBe(204);
    expect(await subscriptionRows(owner.user.id)).toHaveLength(0);
  });

  it('a browser signed in as another user moves to them: the first user no longer reaches it', async () => {
    const first = await signedUpUser(server);
    const second = await signedUpUser(server);
    const browser = await subscribedBrowser(first.client);
    expect((await second.client.post(SUBSCRIPTIONS, browser)).statusCode).toBe(201);
    expect(await subscriptionRows(first.user.id)).toHaveLength(0);
    await notifyNow(first.user.id);
    await server.ctx.jobs.drain();
    expect(pushesTo(browser.endpoint)).toEqual([]);
  });

  it('signing out removes the browser: the next notification is pushed nowhere', async () => {
    const person = await signedUpUser(server);
    const browser = await subscribedBrowser(person.client);
    expect(await subscriptionRows(person.user.id)).toHaveLength(1);
    expect((await person.client.post('/api/auth/logout')).statusCode).toBe(204);
    expect(await subscriptionRows(person.user.id)).toHaveLength(0);
    await notifyNow(person.user.id);
    await server.ctx.jobs.drain();
    expect(pushesTo(browser.endpoint)).toEqual([]);
  });

  it('refuses what is not a subscription, and too many subscriptions in an hour', async () => {
    const { client: c } = await signedUpUser(server);
    const browser = pushService.subscribe('x');
    const bad = await c.post(SUBSCRIPTIONS, { ...browser, endpoint: 'ftp://127.0.0.1/push' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ err_key: 'validation_failed' });
    const noKeys = await c.post(SUBSCRIPTIONS, { endpoint: browser.endpoint });
    expect(noKeys.json()).toMatchObject({ err_key: 'validation_failed' });
    for (let i = 0; i < 20; i += 1)
      expect((await c.post(SUBSCRIPTIONS, pushService.subscribe('x'))).statusCode).toBe(201);
    const limited = await c.post(SUBSCRIPTIONS, pushService.subscribe('x'));
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ err_key: 'rate_limited' });
  });

  it('needs a session', async () => {
    const anonymous = client(server);
    expect((await anonymous.get('/api/notifications/push/key')).statusCode).toBe(401);
    expect((await anonymous.post(SUBSCRIPTIONS, pushService.subscribe('x'))).statusCode).toBe(401);
  });
});
