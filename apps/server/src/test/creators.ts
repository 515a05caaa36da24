import { randomBytes } from 'node:crypto';
import type { Sex } from '@glimpse/contract';
import {
  stories,
  subCategories,
  tags,
  users,
  userSubCategories,
  userTags,
  countries,
} from '../db/schema/index.ts';
import type { TestServer } from './harness.ts';

export interface CreatorSpec {
  sex: Sex;
  birthdate: string;
  countryCode: string;
  tagIds: number[];
  /** Sub-category ids, at most one per parent. */
  subCategoryIds: number[];
  readyStories: number;
  order?: number;
}

export interface SeededCreator extends CreatorSpec {
  id: number;
}

/**
 * Inserts a creator and ready stories straight into the database: the home lists only read
 * these rows, and going through uploads and processing would make population tests slow.
 */
export async function seedCreator(server: TestServer, spec: CreatorSpec): Promise<SeededCreator> {
  const db = server.ctx.db;
  const suffix = randomBytes(5).toString('hex');
  const [user] = await db
    .insert(users)
    .values({
      slug: `creator-${suffix}`,
      name: `Creator ${suffix}`,
      email: `creator-${suffix}@example.com`,
      passwordHash: 'not-a-login',
      birthdate: spec.birthdate,
      sex: spec.sex,
      countryCode: spec.countryCode,
      order: spec.order ?? 0,
    })
    .returning();
  const id = user!.id;
  if (spec.tagIds.length > 0)
    await db.insert(userTags).values(spec.tagIds.map((tagId) => ({ userId: id, tagId })));
  if (spec.subCategoryIds.length > 0) {
    const subs = await db.select().from(subCategories);
    await db.insert(userSubCategories).values(
      spec.subCategoryIds.map((subId) => ({
        userId: id,
        subCategoryId: subId,
        categoryId: subs.find((s) => s.id === subId)!.categoryId,
      })),
    );
  }
  for (let i = 0; i < spec.readyStories; i++) {
    await db.insert(stories).values({
      userId: id,
      isVideo: false,
      status: 'ready',
      sourceKey: `seed-${suffix}-${i}`,
      sourceContentType: 'image/jpeg',
      createdAt: new Date(Date.now() - (i + 1) * 60_000 - Math.floor(Math.random() * 1e6)),
    });
  }
  return { ...spec, id };
}

export async function referenceData(server: TestServer) {
  const db = server.ctx.db;
  const [allTags, allSubs, allCountries] = await Promise.all([
    db.select().from(tags),
    db.select().from(subCategories),
    db.select().from(countries),
  ]);
  return { tags: allTags, subCategories: allSubs, countries: allCountries };
}
