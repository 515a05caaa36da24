import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseHomeFilter, SEXES, type HomeFilterQuery, type HomeItem } from '@glimpse/contract';
import { userBlocks } from '../../db/schema/index.ts';
import { startTestServer, type Client, type TestServer } from '../../test/harness.ts';
import { birthdateYearsAgo, signedUpUser } from '../../test/factories.ts';
import { referenceData, seedCreator } from '../../test/creators.ts';
import {
  onViewersHome,
  type ReferenceBlock,
  type ReferenceCreator,
} from './test/home-reference.ts';

let server: TestServer;
let viewer: Client;
let viewerId: number;
const population: ReferenceCreator[] = [];
/** Some creators blocked the viewer, the viewer blocked others: neither is listed. */
const blocks: ReferenceBlock[] = [];
let ref: Awaited<ReturnType<typeof referenceData>>;
const COUNTRY_CODES = ['de', 'fr', 'us', 'br', 'jp', 'ng'];

/** Deterministic pseudo-random numbers so a failure reproduces. */
function rng(seed: number) {
  let a = seed;
  return () => (a = (a * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
}

beforeAll(async () => {
  server = await startTestServer();
  const signedUp = await signedUpUser(server);
  viewer = signedUp.client;
  viewerId = signedUp.user.id;
  ref = await referenceData(server);
  const random = rng(7);
  const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)]!;
  const ages = [18, 18, 19, 25, 33, 47, 60, 99, 100, 100];
  for (let i = 0; i < 45; i++) {
    const parents = [...new Set(ref.subCategories.map((s) => s.categoryId))].filter(
      () => random() < 0.4,
    );
    const subs = parents.map((p) => pick(ref.subCategories.filter((s) => s.categoryId === p)).id);
    const tagIds = [...new Set([pick(ref.tags).id, pick(ref.tags).id])].slice(
      0,
      1 + Math.floor(random() * 2),
    );
    const age = i < ages.length ? ages[i]! : 18 + Math.floor(random() * 70);
    const created = await seedCreator(server, {
      sex: pick([...SEXES]),
      // An 18th or 100th birthday today sits exactly on the bound.
      birthdate: birthdateYearsAgo(age),
      countryCode: pick(COUNTRY_CODES),
      tagIds,
      subCategoryIds: subs,
      readyStories: 1 + (i % 3),
    });
    population.push({
      id: created.id,
      sex: created.sex,
      birthdate: created.birthdate,
      countryId: ref.countries.find((c) => c.code === created.countryCode)!.id,
      tagIds,
      subCategoryIds: subs,
    });
  }
  for (const [i, creator] of population.entries()) {
    if (i % 9 === 4) blocks.push({ blockerId: creator.id, blockedId: viewerId });
    if (i % 11 === 6) {
      const response = await viewer.post(`/api/users/${creator.id}/block`);
      expect(response.json()).toEqual({ blocked: true });
      blocks.push({ blockerId: viewerId, blockedId: creator.id });
    }
  }
  // Seeded creators cannot sign in: their blocks go straight into the table.
  await server.ctx.db.insert(userBlocks).values(blocks.filter((b) => b.blockedId === viewerId));
  // Outside the default range: a 101-year-old is never listed by default.
  await seedCreator(server, {
    sex: 'male',
    birthdate: birthdateYearsAgo(101),
    countryCode: 'de',
    tagIds: [],
    subCategoryIds: [],
    readyStories: 1,
  });
  // No ready story: never listed.
  await seedCreator(server, {
    sex: 'female',
    birthdate: birthdateYearsAgo(30),
    countryCode: 'de',
    tagIds: [],
    subCategoryIds: [],
    readyStories: 0,
  });
});
afterAll(async () => {
  await server?.stop();
});

function toQueryString(query: HomeFilterQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) params.append(key, String(item));
  }
  return params.toString();
}

async function discoverAll(query: HomeFilterQuery, limit = 7): Promise<HomeItem[]> {
  const items: HomeItem[] = [];
  for (let page = 1; page < 100; page++) {
    const response = await viewer.get(
      `/api/home/stories/discover?${toQueryString({ ...query, page, limit })}`,
    );
    expect(response.statusCode).toBe(200);
    const batch = response.json<HomeItem[]>();
    items.push(...batch);
    if (batch.length < limit) break;
  }
  return items;
}

async function expectMatchesReference(query: HomeFilterQuery): Promise<void> {
  const expected = population
    .filter((c) => onViewersHome(c, viewerId, parseHomeFilter(query), blocks))
    .map((c) => c.id)
    .sort((a, b) => a - b);
  const actual = (await discoverAll(query)).map((item) => item.id).sort((a, b) => a - b);
  expect(actual).toEqual(expected);
}

describe('discover filters against an in-memory reference', () => {
  it('lists every creator with stories aged 18-100 by default, without duplicates or gaps across pages', async () => {
    const items = await discoverAll({});
    expect(new Set(items.map((i) => i.id)).size).toBe(items.length);
    await expectMatchesReference({});
    expect(blocks.length).toBeGreaterThanOrEqual(8);
    expect(items.length).toBe(population.length - blocks.length);
  });

  it('applies age bounds inclusively at 18 and 100', async () => {
    await expectMatchesReference({ age_min: 18, age_max: 18 });
    await expectMatchesReference({ age_min: 100, age_max: 100 });
    await expectMatchesReference({ age_min: 30, age_max: 60 });
    const eighteen = await discoverAll({ age_min: 18, age_max: 18 });
    expect(eighteen.length).toBeGreaterThanOrEqual(2);
  });

  it('applies each filter field alone', async () => {
    await expectMatchesReference({ 'genders[]': ['transgender'] });
    await expectMatchesReference({ genders: ['male', 'female'] });
    await expectMatchesReference({ 'tags[]': [ref.tags[0]!.id, ref.tags[3]!.id] });
    await expectMatchesReference({
      'categories[]': [ref.subCategories[0]!.id, ref.subCategories[9]!.id],
    });
    const de = ref.countries.find((c) => c.code === 'de')!.id;
    await expectMatchesReference({ 'countries[]': [de] });
    await expectMatchesReference({ 'countries[]': [0, de] });
  });

  it('combines fields', async () => {
    const us = ref.countries.find((c) => c.code === 'us')!.id;
    await expectMatchesReference({
      age_min: 20,
      age_max: 99,
      'genders[]': ['female'],
      'countries[]': [us],
    });
    await expectMatchesReference({
      'genders[]': ['male'],
      'tags[]': ref.tags.slice(0, 10).map((t) => t.id),
      'categories[]': ref.subCategories.slice(0, 12).map((s) => s.id),
    });
  });

  it('gives exactly what a plain in-memory filter gives, for random filters (property)', async () => {
    const countryIds = COUNTRY_CODES.map((code) => ref.countries.find((c) => c.code === code)!.id);
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          ages: fc.tuple(fc.integer({ min: 18, max: 100 }), fc.integer({ min: 18, max: 100 })),
          genders: fc.subarray([...SEXES]),
          tags: fc.subarray(
            ref.tags.map((t) => t.id),
            { maxLength: 6 },
          ),
          categories: fc.subarray(
            ref.subCategories.map((s) => s.id),
            { maxLength: 6 },
          ),
          countries: fc.subarray([0, ...countryIds], { maxLength: 4 }),
        }),
        async ({ ages, genders, tags, categories, countries }) => {
          await expectMatchesReference({
            age_min: Math.min(...ages),
            age_max: Math.max(...ages),
            'genders[]': genders,
            'tags[]': tags,
            'categories[]': categories,
            'countries[]': countries,
          });
        },
      ),
      { numRuns: 30 },
    );
  });
});

describe('bad filter values', () => {
  it.each([
    'age_min=17',
    'age_max=101',
    'age_min=50&age_max=30',
    'genders[]=robot',
    'tags[]=abc',
    'categories[]=-1',
    'page=0',
    'limit=1000',
    'age_min=1e2',
  ])('%s answers 400 with field errors', async (query) => {
    const response = await viewer.get(`/api/home/stories/discover?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().err_key).toBe('validation_failed');
    expect(Object.keys(response.json().errors ?? {}).length).toBeGreaterThan(0);
  });
});
