import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationsPage } from '@glimpse/contract';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { signedUpUser } from '../../test/factories.ts';
import { notified } from './test/notification-fixtures.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const person = () => signedUpUser(server);

describe('GET /api/notifications', () => {
  it("pages the caller's lines newest first with an opaque cursor, none of anyone else's", async () => {
    const [me, other, actor] = [await person(), await person(), await person()];
    const ids: number[] = [];
    for (let i = 0; i < 5; i += 1)
      ids.push(await notified(server, me.user.id, actor.user.id, `t:${i}`));
    await notified(server, other.user.id, actor.user.id, 'foreign');

    const first = await me.client.get('/api/notifications?limit=2');
    expect(first.statusCode).toBe(200);
    const page1 = first.json<NotificationsPage>();
    expect(page1.items.map((n) => n.id)).toEqual([ids[4], ids[3]]);
    expect(page1.items[0]).toMatchObject({
      type: 'tip_received',
      actor: { id: actor.user.id, name: actor.user.name },
      others: 0,
      subject: { kind: 'wallet', path: '/wallet' },
      data: { amount: 100 },
      read: false,
    });
    expect(page1.next_cursor).toEqual(expect.any(String));

    const seen = [...page1.items.map((n) => n.id)];
    let cursor = page1.next_cursor;
    while (cursor) {
      const response = await me.client.get(
        `/api/notifications?limit=2&cursor=${encodeURIComponent(cursor)}`,
      );
      expect(response.statusCode, response.body).toBe(200);
      const page = response.json<NotificationsPage>();
      seen.push(...page.items.map((n) => n.id));
      cursor = page.next_cursor;
    }
    expect(seen).toEqual([...ids].reverse());
  });

  it('keeps lines written within one millisecond apart across pages', async () => {
    const me = await person();
    const actor = await person();
    const ids = [
      await notified(server, me.user.id, actor.user.id, 'same:1'),
      await notified(server, me.user.id, actor.user.id, 'same:2'),
      await notified(server, me.user.id, actor.user.id, 'same:3'),
    ];
    // The same instant to the millisecond, apart only in microseconds (fan-out writes so).
    await server.ctx.db.execute(
      `update notifications set updated_at = '2026-01-01 00:00:00.123' ::timestamptz + (id % 3) * interval '1 microsecond' where id in (${ids.join(',')})`,
    );
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const url: string = `/api/notifications?limit=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const page: NotificationsPage = (await me.client.get(url)).json();
      seen.push(...page.items.map((n) => n.id));
      cursor = page.next_cursor;
    } while (cursor);
    expect([...seen].sort((a, b) => a - b)).toEqual(ids);
  });

  it.each([
    'nonsense',
    Buffer.from('2026-01-01|1').toString('base64url'),
    Buffer.from("x'; drop|1").toString('base64url'),
    Buffer.from('2026-01-01 00:00:00+00|0').toString('base64url'),
    Buffer.from('2026-02-30 00:00:00+00|5').toString('base64url'),
    Buffer.from('2026-01-01 25:00:00+00|5').toString('base64url'),
  ])('refuses a bad cursor %s with cursor_invalid', async (cursor) => {
    const me = await person();
    const response = await me.client.get(`/api/notifications?cursor=${cursor}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ err_key: 'cursor_invalid' });
  });
});

describe('unread count and marking read', () => {
  it('counts unread lines as the list shows them, and marks only the caller’s own ids', async () => {
    const [me, other, actor] = [await person(), await person(), await person()];
    const mine = [
      await notified(server, me.user.id, actor.user.id, 'r:1'),
      await notified(server, me.user.id, actor.user.id, 'r:2'),
      await notified(server, me.user.id, actor.user.id, 'r:3'),
    ];
    const theirs = await notified(server, other.user.id, actor.user.id, 'r:x');
    expect((await me.client.get('/api/notifications/unread-count')).json()).toEqual({ count: 3 });

    const read = await me.client.post('/api/notifications/read', { ids: [mine[0], theirs] });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ count: 2 });
    // The other user's line stays unread.
    expect((await other.client.get('/api/notifications/unread-count')).json()).toEqual({
      count: 1,
    });
    const list = (await me.client.get('/api/notifications')).json<NotificationsPage>();
    expect(
      list.items
        .filter((n) => !n.read)
        .map((n) => n.id)
        .sort(),
    ).toEqual([mine[1], mine[2]].sort());

    expect((await me.client.post('/api/notifications/read', { all: true })).json()).toEqual({
      count: 0,
    });
    expect((await me.client.get('/api/notifications/unread-count')).json()).toEqual({ count: 0 });
    expect((await other.client.get('/api/notifications/unread-count')).json()).toEqual({
      count: 1,
    });
  });

  it.each([{}, { ids: [] }, { ids: ['1'] }, { all: false }, { ids: [1], all: true }])(
    'refuses the body %j with validation_failed',
    async (body) => {
      const me = await person();
      const response = await me.client.post('/api/notifications/read', body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ err_key: 'validation_failed' });
    },
  );
});
