import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchPage } from '@glimpse/contract';
import { tags, users, userTags } from '../../db/schema/index.ts';
import { client, startTestServer, type Client, type TestServer } from '../../test/harness.ts';
import { signedUpUser } from '../../test/factories.ts';
import { SEARCHES_PER_WINDOW } from './search.service.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

async function search(viewer: Client, q: string, extra = ''): Promise<SearchPage> {
  const response = await viewer.get(`/api/search?q=${encodeURIComponent(q)}${extra}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<SearchPage>();
}

const idsOf = (page: SearchPage) => page.data.map((result) => result.id);

/** Every page of a search, following `next_cursor`. */
async function allPages(viewer: Client, q: string, limit: number): Promise<SearchPage[]> {
  const pages: SearchPage[] = [];
  let cursor: string | null = null;
  do {
    const extra: string = `&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`;
    const page = await search(viewer, q, extra);
    pages.push(page);
    cursor = page.next_cursor;
  } while (cursor && pages.length < 20);
  return pages;
}

/** `count` people of one name, written straight to the table (sign-ups would take seconds). */
async function seedUsers(name: string, handle: string, count: number): Promise<number[]> {
  const suffix = randomBytes(3).toString('hex');
  const rows = await server.ctx.db
    .insert(users)
    .values(
      Array.from({ length: count }, (_, i) => ({
        slug: `${handle}-${suffix}${i}`,
        name,
        email: `${handle}-${suffix}${i}@example.com`,
        passwordHash: 'not-a-login',
        birthdate: '1990-01-01',
        sex: 'female' as const,
        countryCode: 'de',
      })),
    )
    .returning({ id: users.id });
  return rows.map((row) => row.id);
}

async function tagUser(userId: number, title: string): Promise<void> {
  const [tag] = await server.ctx.db.select().from(tags).where(eq(tags.title, title));
  await server.ctx.db.insert(userTags).values({ userId, tagId: tag!.id });
}

describe('GET /api/search', () => {
  it('finds a misspelt name, and answers the public profile fields', async () => {
    const [viewer, anna] = await Promise.all([
      signedUpUser(server),
      signedUpUser(server, { name: 'Anna Rivera' }),
    ]);
    for (const q of ['Ana Rivra', 'anna rivera', 'Rivera', 'rivra', 'anna riv']) {
      const page = await search(viewer.client, q);
      expect(idsOf(page), q).toContain(anna.user.id);
    }
    const [found] = (await search(viewer.client, 'Ana Rivra')).data;
    expect(found).toEqual({
      id: anna.user.id,
      slug: anna.user.slug,
      name: 'Anna Rivera',
      profileImage: null,
      avatar_srcset: null,
      verified: false,
      matched_tag: null,
    });
  });

  it('finds a handle, with or without @, after the name changed', async () => {
    const [viewer, renamed] = await Promise.all([
      signedUpUser(server),
      signedUpUser(server, { name: 'Orsolya Quenneville' }),
    ]);
    const update = await renamed.client.put('/api/users/me/profile', { name: 'Sunny' });
    expect(update.statusCode).toBe(200);
    const handle = renamed.user.slug;
    expect(handle).toMatch(/^orsolya-quenneville/);
    for (const q of [handle, `@${handle}`, 'orsolya-quenevile', 'Orsolya Quenneville']) {
      expect(idsOf(await search(viewer.client, q)), q).toContain(renamed.user.id);
    }
  });

  it('finds a name written without its accents, through the handle', async () => {
    const [viewer, gabe] = await Promise.all([
      signedUpUser(server),
      signedUpUser(server, { name: 'Gabe Müllerström' }),
    ]);
    expect(idsOf(await search(viewer.client, 'gabe mullerstrom'))).toContain(gabe.user.id);
  });

  it('finds creators by a tag, misspelt too, after those found by name, page after page', async () => {
    const [viewer, named] = await Promise.all([
      signedUpUser(server),
      signedUpUser(server, { name: 'Cosplay Corner' }),
    ]);
    const tagged = await seedUsers('Petronella Ashcombe', 'petronella-ashcombe', 5);
    for (const id of [...tagged, named.user.id]) await tagUser(id, 'Cosplay');
    for (const q of ['cosplay', 'Cosply']) {
      const results = (await allPages(viewer.client, q, 2)).flatMap((page) => page.data);
      expect(new Set(results.map((result) => result.id)).size, q).toBe(results.length);
      // Found by the name first (once, though the tag matches too), then by the tag.
      const byName = results.findIndex((result) => result.id === named.user.id);
      expect(results[byName]?.matched_tag, q).toBeNull();
      const byTag = results.filter((result) => tagged.includes(result.id));
      expect(byTag.map((result) => result.id).sort(), q).toEqual([...tagged].sort());
      expect(byTag.every((result) => result.matched_tag === 'Cosplay')).toBe(true);
      expect(byName).toBeLessThan(results.indexOf(byTag[0]!));
    }
  });

  it('ranks the whole name first, then names starting with the text, then look-alikes', async () => {
    const viewer = await signedUpUser(server);
    const similar = await signedUpUser(server, { name: 'Ilse Brandvald' });
    const longer = await signedUpUser(server, { name: 'Ilsa Brandvolder' });
    const exact = await signedUpUser(server, { name: 'Ilsa Brandvold' });
    const ids = idsOf(await search(viewer.client, 'ilsa brandvold'));
    expect(ids.slice(0, 3)).toEqual([exact.user.id, longer.user.id, similar.user.id]);
  });

  it('hides whom the viewer blocked and who blocked the viewer; others still see both', async () => {
    const [viewer, other, blocker, blocked] = await Promise.all([
      signedUpUser(server),
      signedUpUser(server),
      signedUpUser(server, { name: 'Zephyrine Blockwood' }),
      signedUpUser(server, { name: 'Zephyrine Blockwood' }),
    ]);
    expect((await blocker.client.post(`/api/users/${viewer.user.id}/block`)).statusCode).toBe(200);
    expect((await viewer.client.post(`/api/users/${blocked.user.id}/block`)).statusCode).toBe(200);
    const pair = [blocker.user.id, blocked.user.id];
    for (const q of ['Zephyrine Blockwood', 'zephyrin blokwood', 'ze']) {
      const seen = idsOf(await search(viewer.client, q));
      expect(
        seen.filter((id) => pair.includes(id)),
        q,
      ).toEqual([]);
      expect(idsOf(await search(other.client, q)), q).toEqual(expect.arrayContaining(pair));
    }
    // The viewer is never among their own results either.
    expect(idsOf(await search(blocker.client, 'Zephyrine Blockwood'))).not.toContain(
      blocker.user.id,
    );
  });

  it('pages without duplicates or gaps, by rank and by handle', async () => {
    const viewer = await signedUpUser(server);
    const many = await seedUsers('Marisol Pagewright', 'marisol-pagewright', 23);
    const few = await seedUsers('Qx Leaf', 'qx-leaf', 12);
    for (const [q, ids, limit] of [
      ['Marisol Pagewrite', many, 10],
      ['qx', few, 5],
    ] as const) {
      const pages = await allPages(viewer.client, q, limit);
      const found = pages.flatMap(idsOf);
      expect(new Set(found).size, q).toBe(found.length);
      expect(found, q).toEqual(expect.arrayContaining(ids));
      expect(pages.length, q).toBe(Math.ceil(found.length / limit));
      expect(pages.at(-1)!.next_cursor).toBeNull();
    }
    // Handle order on the short text: every handle starts with it.
    const short = (await allPages(viewer.client, 'qx', 5)).flatMap((page) => page.data);
    expect(short.every((result) => result.slug.startsWith('qx'))).toBe(true);
    const slugs = short.map((result) => result.slug);
    expect(slugs).toEqual([...slugs].sort());
  });

  it('refuses an empty, blank or too long text and a cursor not of ours', async () => {
    const viewer = await signedUpUser(server);
    for (const url of [
      '/api/search',
      '/api/search?q=',
      '/api/search?q=%20%20%20',
      `/api/search?q=${'a'.repeat(101)}`,
      '/api/search?q=anna&limit=0',
      '/api/search?q=anna&limit=51',
      '/api/search?q=anna&cursor=not%20a%20cursor',
      `/api/search?q=anna&cursor=${Buffer.from('r1.x').toString('base64url')}`,
      // A handle-order cursor does not continue a ranked search, nor the other way round.
      `/api/search?q=anna&cursor=${Buffer.from('hanna').toString('base64url')}`,
      `/api/search?q=an&cursor=${Buffer.from('r1.1').toString('base64url')}`,
    ]) {
      const response = await viewer.client.get(url);
      expect([response.statusCode, response.json().err_key], url).toEqual([
        400,
        'validation_failed',
      ]);
    }
    expect((await viewer.client.get(`/api/search?q=${'a'.repeat(100)}`)).statusCode).toBe(200);
    expect((await viewer.client.get('/api/search?q=%25_%5C')).statusCode).toBe(200);
  });

  it('is for signed-in users only', async () => {
    const response = await client(server).get('/api/search?q=anna');
    expect([response.statusCode, response.json().err_key]).toEqual([401, 'unauthenticated']);
  });

  it('limits how many searches one viewer runs in a minute', async () => {
    const viewer = await signedUpUser(server);
    for (let i = 0; i < SEARCHES_PER_WINDOW; i++) {
      expect((await viewer.client.get('/api/search?q=zz')).statusCode).toBe(200);
    }
    const refused = await viewer.client.get('/api/search?q=zz');
    expect([refused.statusCode, refused.json().err_key]).toEqual([429, 'rate_limited']);
    // Someone else is not held back.
    expect((await (await signedUpUser(server)).client.get('/api/search?q=zz')).statusCode).toBe(
      200,
    );
  });
});
