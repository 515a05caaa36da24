import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../db/schema/index.ts';
import { seedStory } from '../../../test/access-fixtures.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { seedDemoChats } from '../../demo/demo-chats.ts';
import { seedDemoMoney } from '../../demo/demo-money.ts';
import { DEMO_PEOPLE, demoEmail } from '../../demo/demo-people.ts';
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
  it("leaves demo viewers their chats' messages and demo creators messages, tips, sales and subscribers, once", async () => {
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

    // The money seed (run after the stories; two priced stories stand in for them here).
    const people = await Promise.all(
      DEMO_PEOPLE.map(async (person) => {
        const [row] = await server.ctx.db
          .select({ id: users.id, verified: users.verifyOndatoAt })
          .from(users)
          .where(eq(users.email, demoEmail(person)));
        return { ...row!, creator: person.creator };
      }),
    );
    const creators = people
      .filter((p) => p.creator)
      .map((p) => ({ id: p.id, verified: p.verified !== null }));
    const viewerIds = people.filter((p) => !p.creator).map((p) => p.id);
    for (const seller of creators.filter((c) => c.verified).slice(0, 2))
      await seedStory(server, seller.id, { priceCents: 299 });
    await seedDemoMoney(server.ctx, creators, viewerIds);
    const earned = new Set<string>();
    for (const seller of creators)
      for (const line of await linesOf(server, seller.id)) earned.add(line.type);
    expect([...earned]).toEqual(
      expect.arrayContaining(['story_purchased', 'tip_received', 'subscriber_new']),
    );
  }, 180_000);
});
