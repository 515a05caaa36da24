import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../platform/db/transaction.ts';
import { signedUpUser } from '../../test/factories.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { linesOf } from './events/test/event-fixtures.ts';
import { notify, type NotificationInput } from './notify.service.ts';

/**
 * notify()'s grouping under concurrent first events (PostgreSQL runs the transactions at once;
 * PGlite one after the other): both join one unread line, none is lost, and a repeated event
 * (its dedupe key seen) adds nothing.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const event = (userId: number, actorId: number, key: string): NotificationInput => ({
  userId,
  type: 'subscriber_new',
  actorId,
  subject: { kind: 'user', id: actorId },
  dedupeKey: key,
  groupKey: 'subscriber_new',
});

const send = (input: NotificationInput) =>
  inTransaction(server.ctx.db, (tx, effects) => notify(server.ctx, tx, effects, input));

describe('notify() grouping', () => {
  it('joins concurrent first events of a group into one line, and counts a repeat once', async () => {
    const [creator, ...fans] = await Promise.all(
      Array.from({ length: 5 }, () => signedUpUser(server)),
    );
    const ids = await Promise.all(
      fans.map((fan, index) => send(event(creator!.user.id, fan.user.id, `sub:${index}`))),
    );
    expect(ids.every((id) => id !== null)).toBe(true);
    const [line, ...more] = await linesOf(server, creator!.user.id, 'subscriber_new');
    expect(more).toEqual([]);
    expect(line).toMatchObject({ actorCount: 4 });
    // The event that opened the line, again: seen, nothing changes.
    const opener = fans[Number(line!.dedupeKey.split(':')[1])]!;
    expect(await send(event(creator!.user.id, opener.user.id, line!.dedupeKey))).toBeNull();
    expect((await linesOf(server, creator!.user.id, 'subscriber_new'))[0]!.actorCount).toBe(4);
    // Every event that joined the line, again (a webhook delivered twice): nothing changes.
    const joiners = fans.map((_, index) => `sub:${index}`).filter((key) => key !== line!.dedupeKey);
    for (const [index, key] of joiners.entries()) {
      const fan = fans[Number(key.split(':')[1])]!;
      expect(await send(event(creator!.user.id, fan.user.id, key)), `${index}`).toBeNull();
    }
    expect((await linesOf(server, creator!.user.id, 'subscriber_new'))[0]!.actorCount).toBe(4);
  });
});
