import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { categoryAppliesToSex } from '@glimpse/contract';
import {
  subCategories,
  userCategories,
  users,
  userSubCategories,
  userTags,
} from '../../db/schema/index.ts';
import { client, startTestServer, type TestServer } from '../../test/harness.ts';
import { seedDemoIfEmpty } from './demo-seed.ts';
import { DEMO_PASSWORD } from './demo-people.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

// Seeding encodes every demo picture and video: a minute or more on a busy 2-core machine.
const SEED_TIMEOUT_MS = 180_000;

describe('demo seed', () => {
  it(
    'creates the demo cast once, with working logins, avatars, categories and tags',
    async () => {
      const seed = await seedDemoIfEmpty(server.ctx);
      expect(seed).toBeDefined();
      const [{ n }] = (await server.ctx.db.select({ n: count() }).from(users)) as [{ n: number }];
      expect(n).toBe(75);
      expect(await seedDemoIfEmpty(server.ctx)).toBeUndefined();

      const login = await client(server).post('/api/auth/login', {
        email: 'anna@demo.glimpse.app',
        password: DEMO_PASSWORD,
      });
      expect(login.statusCode).toBe(200);
      expect(login.json()).toMatchObject({ name: 'Anna Rivera', verified: true });
      expect(login.json().avatar_url).toMatch(/^\/media\//);

      const [anna] = await server.ctx.db
        .select()
        .from(users)
        .where(eq(users.email, 'anna@demo.glimpse.app'));
      const sexes = await server.ctx.db.selectDistinct({ sex: users.sex }).from(users);
      expect(sexes.map((s) => s.sex).sort()).toEqual(['female', 'male', 'transgender']);
      const countries = await server.ctx.db.selectDistinct({ code: users.countryCode }).from(users);
      expect(countries.length).toBeGreaterThan(15);
      expect(
        (await server.ctx.db.select().from(userTags).where(eq(userTags.userId, anna!.id))).length,
      ).toBeGreaterThan(0);
      expect(
        (await server.ctx.db.select({ n: count() }).from(userSubCategories))[0]!.n,
      ).toBeGreaterThan(50);
    },
    SEED_TIMEOUT_MS,
  );
});

describe('demo prices', () => {
  it('gives prices to verified creators only (chloe is not verified and charges nothing)', async () => {
    await seedDemoIfEmpty(server.ctx);
    const all = await server.ctx.db.select().from(users);
    const charging = (u: (typeof all)[number]) =>
      (u.subscribePriceCents ?? 0) > 0 || (u.directMessagePriceCents ?? 0) > 0;
    expect(all.filter((u) => u.verifyOndatoAt === null && charging(u))).toEqual([]);
    expect(all.filter((u) => u.verifyOndatoAt !== null && charging(u)).length).toBeGreaterThan(10);
    const chloe = all.find((u) => u.email === 'chloe@demo.glimpse.app');
    expect(chloe).toMatchObject({
      verifyOndatoAt: null,
      subscribePriceCents: null,
      directMessagePriceCents: null,
    });
  });
});

describe('demo categories', () => {
  it('gives nobody a category that does not apply to their sex, and no woman "Bald"', async () => {
    await seedDemoIfEmpty(server.ctx);
    const held = await server.ctx.db
      .select({
        email: users.email,
        sex: users.sex,
        parent: userCategories.title,
        option: subCategories.title,
        forMale: userCategories.forMale,
        forFemale: userCategories.forFemale,
        forTransgender: userCategories.forTransgender,
      })
      .from(userSubCategories)
      .innerJoin(users, eq(users.id, userSubCategories.userId))
      .innerJoin(userCategories, eq(userCategories.id, userSubCategories.categoryId))
      .innerJoin(subCategories, eq(subCategories.id, userSubCategories.subCategoryId));
    const bit = (value: boolean) => (value ? 1 : 0);
    const misfits = held.filter(
      (row) =>
        !categoryAppliesToSex(
          {
            for_male: bit(row.forMale),
            for_female: bit(row.forFemale),
            for_transgender: bit(row.forTransgender),
          },
          row.sex,
        ),
    );
    expect(misfits).toEqual([]);
    expect(held.filter((row) => row.sex === 'female' && row.option === 'Bald')).toEqual([]);
    // Still a varied demo: men with beards, women and transgender people with a bust size.
    expect(held.some((row) => row.sex === 'male' && row.parent === 'Beard')).toBe(true);
    expect(held.some((row) => row.sex === 'female' && row.parent === 'Bust')).toBe(true);
    expect(held.some((row) => row.sex === 'transgender' && row.parent === 'Bust')).toBe(true);
  });
});
