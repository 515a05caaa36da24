import { asc, eq, inArray, or } from 'drizzle-orm';
import { countries, subCategories, tags, userCategories } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../platform/db/database.ts';
import { isoCountries } from './data/countries.ts';
import { TAGS } from './data/tags.ts';
import { USER_CATEGORIES } from './data/user-categories.ts';

/** Idempotent: inserts what is missing, never touches rows that exist. Runs at every start. */
export async function ensureReferenceData(db: DbOrTx): Promise<void> {
  await db.insert(countries).values(isoCountries()).onConflictDoNothing({ target: countries.code });
  await db
    .insert(tags)
    .values(
      TAGS.map((tag) => ({
        title: tag.title,
        group: tag.group,
        isMale: tag.genders.includes('M'),
        isFemale: tag.genders.includes('F'),
        isTransgender: tag.genders.includes('T'),
      })),
    )
    .onConflictDoNothing();
  await db
    .insert(userCategories)
    .values(
      USER_CATEGORIES.map(({ subCategories: _subs, ...parent }, position) => ({
        ...parent,
        position,
      })),
    )
    .onConflictDoNothing({ target: userCategories.title });
  const parents = await db
    .select({ id: userCategories.id, title: userCategories.title })
    .from(userCategories)
    .where(
      inArray(
        userCategories.title,
        USER_CATEGORIES.map((category) => category.title),
      ),
    );
  const parentId = new Map(parents.map((parent) => [parent.title, parent.id]));
  await db
    .insert(subCategories)
    .values(
      USER_CATEGORIES.flatMap((category) =>
        category.subCategories.map((sub, index) => ({
          categoryId: parentId.get(category.title)!,
          title: sub.title,
          colorCode: sub.colorCode ?? null,
          position: index,
        })),
      ),
    )
    .onConflictDoNothing();
}

export function listCountries(db: DbOrTx) {
  return db.select().from(countries).orderBy(asc(countries.name));
}

export async function countryExists(db: DbOrTx, code: string): Promise<boolean> {
  const [row] = await db
    .select({ id: countries.id })
    .from(countries)
    .where(eq(countries.code, code))
    .limit(1);
  return row !== undefined;
}

export type Gender = 'male' | 'female' | 'transgender';

function tagGenderColumn(gender: Gender) {
  return gender === 'male' ? tags.isMale : gender === 'female' ? tags.isFemale : tags.isTransgender;
}

/** Tags applicable to any of the genders; all tags when none is given. */
export type TagRow = typeof tags.$inferSelect;

export function listTags(db: DbOrTx, genders: Gender[]): Promise<TagRow[]> {
  const query = db.select().from(tags);
  const filtered =
    genders.length > 0
      ? query.where(or(...genders.map((g) => eq(tagGenderColumn(g), true))))
      : query;
  return filtered.orderBy(asc(tags.group), asc(tags.title));
}

export type UserCategoryWithSubs = typeof userCategories.$inferSelect & {
  subCategories: Array<typeof subCategories.$inferSelect>;
};

/** Every parent category with its sub-categories, in display order (the service picks by sex). */
export async function listUserCategories(db: DbOrTx): Promise<UserCategoryWithSubs[]> {
  const parents = await db.select().from(userCategories).orderBy(asc(userCategories.position));
  if (parents.length === 0) return [];
  const subs = await db
    .select()
    .from(subCategories)
    .where(
      inArray(
        subCategories.categoryId,
        parents.map((p) => p.id),
      ),
    )
    .orderBy(asc(subCategories.position));
  return parents.map((parent) => ({
    ...parent,
    subCategories: subs.filter((s) => s.categoryId === parent.id),
  }));
}

export function findSubCategories(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({ id: subCategories.id, categoryId: subCategories.categoryId })
    .from(subCategories)
    .where(inArray(subCategories.id, ids));
}
