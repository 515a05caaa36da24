import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../db/schema/index.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { seedDemoChats } from '../../demo/demo-chats.ts';
import { seedDemoIfEmpty } from '../../demo/demo-seed.ts';
import { linesOf } from './test/event-fixtures.ts';

/** The demo's people find notifications from what the seed did (issue 28, item 7). */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const idOf = async (handle: string) =>
  (
    await server.ctx.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, `${handle}@demo.glimpse.app`))
  )[0]!.id;

describe('demo notifications', () => {
  it("leaves a demo viewer their chats' messages and a demo creator their messages and tips, once", async () => {
    await seedDemoIfEmpty(server.ctx);
    await seedDemoChats(server.ctx);
    const [mia, anna] = [await idOf('mia'), await idOf('anna')];
    const miaLines = await linesOf(server, mia);
    expect(miaLines.map((line) => line.type)).toContain('direct_message');
    const annaTypes = new Set((await linesOf(server, anna)).map((line) => line.type));
    expect(annaTypes).toEqual(new Set(['direct_message', 'tip_received']));

    // A second run writes nothing more.
    const before = [(await linesOf(server, mia)).length, (await linesOf(server, anna)).length];
    await seedDemoChats(server.ctx);
    expect([(await linesOf(server, mia)).length, (await linesOf(server, anna)).length]).toEqual(
      before,
    );
  }, 180_000);
});
