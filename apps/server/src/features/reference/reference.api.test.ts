import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Country, Tag, UserCategory } from '@glimpse/contract';
import { client, startTestServer, type TestServer } from '../../test/harness.ts';

/** ISO 3166-1 alpha-2, all 249 officially assigned codes, written out so the test owes nothing to the server's source. */
const ISO_3166_1 = [
  'ad ae af ag ai al am ao aq ar as at au aw ax az ba bb bd be bf bg bh bi bj bl bm bn bo bq',
  'br bs bt bv bw by bz ca cc cd cf cg ch ci ck cl cm cn co cr cu cv cw cx cy cz de dj dk dm',
  'do dz ec ee eg eh er es et fi fj fk fm fo fr ga gb gd ge gf gg gh gi gl gm gn gp gq gr gs',
  'gt gu gw gy hk hm hn hr ht hu id ie il im in io iq ir is it je jm jo jp ke kg kh ki km kn',
  'kp kr kw ky kz la lb lc li lk lr ls lt lu lv ly ma mc md me mf mg mh mk ml mm mn mo mp mq',
  'mr ms mt mu mv mw mx my mz na nc ne nf ng ni nl no np nr nu nz om pa pe pf pg ph pk pl pm',
  'pn pr ps pt pw py qa re ro rs ru rw sa sb sc sd se sg sh si sj sk sl sm sn so sr ss st sv',
  'sx sy sz tc td tf tg th tj tk tl tm tn to tr tt tv tw tz ua ug um us uy uz va vc ve vg vi',
  'vn vu wf ws ye yt za zm zw',
]
  .join(' ')
  .split(' ');

const flagsDir = path.join(
  path.dirname(createRequire(import.meta.url).resolve('flag-icons/package.json')),
  'flags',
  '4x3',
);

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

async function getJson<T>(url: string): Promise<T> {
  const response = await client(server).get(url);
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return response.json<T>();
}

describe('GET /api/countries', () => {
  it('answers the All entry first, then every ISO 3166-1 country with a lower-case code and a flag', async () => {
    const countries = await getJson<Country[]>('/api/countries');
    expect(countries[0]).toMatchObject({ name: 'All', code: 'all' });
    const rest = countries.slice(1);
    expect(ISO_3166_1).toHaveLength(249);
    expect(rest.length).toBeGreaterThanOrEqual(249);
    const codes = rest.map((c) => c.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes).toEqual(expect.arrayContaining(ISO_3166_1));
    for (const country of rest) {
      expect(country.code).toMatch(/^[a-z]{2}$/);
      expect(country.name.length).toBeGreaterThan(0);
      expect(
        existsSync(path.join(flagsDir, `${country.code}.svg`)),
        `flag for ${country.code}`,
      ).toBe(true);
    }
    expect(rest.find((c) => c.code === 'de')?.name).toBe('Germany');
  });
});

describe('GET /api/tags', () => {
  it('answers every tag with its group and gender applicability when no gender is given', async () => {
    const tags = await getJson<Tag[]>('/api/tags');
    expect(tags.length).toBeGreaterThan(10);
    for (const tag of tags) {
      expect(Object.keys(tag).sort()).toEqual([
        'group',
        'id',
        'is_female',
        'is_male',
        'is_transgender',
        'title',
      ]);
      expect(tag.title.length).toBeGreaterThan(0);
      expect(tag.group.length).toBeGreaterThan(0);
    }
    expect(tags.some((t) => !t.is_transgender)).toBe(true);
  });

  it('filters by genders[]: exactly the tags applicable to any of them', async () => {
    const all = await getJson<Tag[]>('/api/tags');
    const trans = await getJson<Tag[]>('/api/tags?genders[]=transgender');
    expect(trans.map((t) => t.id).sort()).toEqual(
      all
        .filter((t) => t.is_transgender)
        .map((t) => t.id)
        .sort(),
    );

    const maleOrFemale = await getJson<Tag[]>('/api/tags?genders[]=male&genders[]=female');
    const expected = all.filter((t) => t.is_male || t.is_female).map((t) => t.id);
    expect(maleOrFemale.map((t) => t.id).sort()).toEqual(expected.sort());
  });

  it('refuses an unknown gender with validation_failed', async () => {
    const response = await client(server).get('/api/tags?genders[]=robot');
    expect(response.statusCode).toBe(400);
    expect(response.json().err_key).toBe('validation_failed');
  });
});

describe('GET /api/user-categories', () => {
  it('answers parents with 0/1 gender flags and their sub-categories', async () => {
    const categories = await getJson<UserCategory[]>('/api/user-categories');
    expect(categories.length).toBeGreaterThan(3);
    for (const category of categories) {
      for (const flag of [category.for_male, category.for_female, category.for_transgender])
        expect([0, 1]).toContain(flag);
      expect(category.sub_categories.length).toBeGreaterThan(0);
      for (const sub of category.sub_categories) {
        expect(Object.keys(sub).sort()).toEqual(['color_code', 'id', 'title']);
      }
    }
    expect(categories.find((c) => c.title === 'Bust')).toMatchObject({
      for_male: 0,
      for_female: 1,
    });
  });

  it('gives Hair Color colour codes and exactly one colorful entry', async () => {
    const categories = await getJson<UserCategory[]>('/api/user-categories');
    const hair = categories.find((c) => c.title === 'Hair Color')!;
    expect(hair).toBeDefined();
    const codes = hair.sub_categories
      .map((s) => s.color_code)
      .filter((c): c is string => c !== null);
    expect(codes.filter((c) => c === 'colorful')).toHaveLength(1);
    const hex = codes.filter((c) => c !== 'colorful');
    expect(hex.length).toBeGreaterThanOrEqual(4);
    for (const code of hex) expect(code).toMatch(/^#[0-9a-f]{6}$/i);
  });

  it('leaves out the categories that do not apply to the given gender', async () => {
    const all = await getJson<UserCategory[]>('/api/user-categories');
    const male = await getJson<UserCategory[]>('/api/user-categories?gender=male');
    expect(male.map((c) => c.title)).not.toContain('Bust');
    expect(male.map((c) => c.id)).toEqual(all.filter((c) => c.for_male === 1).map((c) => c.id));
    const female = await getJson<UserCategory[]>('/api/user-categories?gender=female');
    expect(female.every((c) => c.for_female === 1)).toBe(true);
    expect(female.map((c) => c.title)).toContain('Bust');
  });

  it('refuses an unknown gender with validation_failed', async () => {
    const response = await client(server).get('/api/user-categories?gender=robot');
    expect(response.statusCode).toBe(400);
    expect(response.json().err_key).toBe('validation_failed');
  });
});
