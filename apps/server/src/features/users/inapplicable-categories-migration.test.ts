import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Sex } from '@glimpse/contract';
import { userSubCategories } from '../../db/schema/index.ts';
import { useProfileServer } from './test/profile-fixture.ts';
import { signedUpUser } from '../../test/factories.ts';

const MIGRATION = fileURLToPath(
  new URL('../../db/migrations/0006_inapplicable_categories.sql', import.meta.url),
);

const suite = useProfileServer();

const parent = (title: string) => suite.category(title);

/** A user of `sex` holding the first option of each titled parent, written past the service. */
async function holding(sex: Sex, parentTitles: string[]): Promise<number> {
  const { user } = await signedUpUser(suite.server, { sex });
  await suite.server.ctx.db.insert(userSubCategories).values(
    parentTitles.map((title) => ({
      userId: user.id,
      categoryId: parent(title).id,
      subCategoryId: parent(title).sub_categories[0]!.id,
    })),
  );
  return user.id;
}

async function heldTitles(userId: number): Promise<string[]> {
  const rows = await suite.server.ctx.db
    .select({ categoryId: userSubCategories.categoryId })
    .from(userSubCategories)
    .where(eq(userSubCategories.userId, userId));
  return rows.map((row) => suite.categories.find((c) => c.id === row.categoryId)!.title).sort();
}

describe('migration 0006: categories that do not apply to the holder', () => {
  it('removes Beard from women and transgender people and Bust from men, keeping the rest', async () => {
    const woman = await holding('female', ['Beard', 'Bust', 'Hair Color']);
    const man = await holding('male', ['Beard', 'Bust', 'Eye Color']);
    const trans = await holding('transgender', ['Beard', 'Bust']);

    for (const statement of readFileSync(MIGRATION, 'utf8').split('--> statement-breakpoint')) {
      await suite.server.ctx.database.executeSql(statement);
    }

    expect(await heldTitles(woman)).toEqual(['Bust', 'Hair Color']);
    expect(await heldTitles(man)).toEqual(['Beard', 'Eye Color']);
    expect(await heldTitles(trans)).toEqual(['Bust']);
  });
});
