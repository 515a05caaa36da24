import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ChosenCategory, CurrentUser } from '@glimpse/contract';
import { userSubCategories } from '../../db/schema/index.ts';
import { me, putProfile, useProfileServer } from './test/profile-fixture.ts';
import { signedUpUser } from '../../test/factories.ts';

// Issue 9, defect 3: a profile holds and shows only the categories that apply to its sex.

const suite = useProfileServer();

/** The first sub-category of the parent titled `title`, as a choice to send and to expect. */
function pick(title: string): { id: number; categoryId: number } {
  const parent = suite.category(title);
  return { id: parent.sub_categories[0]!.id, categoryId: parent.id };
}

const titles = (chosen: ChosenCategory[]) => chosen.map((c) => c.category_title).sort();

/** The parent ids of the user's stored choices, read past the API's own filtering. */
async function storedParents(userId: number): Promise<number[]> {
  const rows = await suite.server.ctx.db
    .select({ categoryId: userSubCategories.categoryId })
    .from(userSubCategories)
    .where(eq(userSubCategories.userId, userId));
  return rows.map((row) => row.categoryId).sort((a, b) => a - b);
}

describe('categories and sex', () => {
  it('drops the choices that no longer apply when the sex changes, and keeps the rest', async () => {
    const { user, client: c } = await signedUpUser(suite.server, { sex: 'male' });
    const [beard, hair, body] = [pick('Beard'), pick('Hair Color'), pick('Body Type')];
    const saved = await putProfile(c, { userCategories: [beard.id, hair.id, body.id] });
    expect(saved.statusCode).toBe(200);
    expect(titles(saved.json<CurrentUser>().userCategories)).toEqual([
      'Beard',
      'Body Type',
      'Hair Color',
    ]);

    const changed = await putProfile(c, { sex: 'female', name: 'Renamed' });
    expect(changed.statusCode).toBe(200);
    expect(titles(changed.json<CurrentUser>().userCategories)).toEqual(['Body Type', 'Hair Color']);
    expect(await storedParents(user.id)).toEqual([hair.categoryId, body.categoryId].sort());

    // Dropped, not hidden: changing back does not bring the beard back.
    await putProfile(c, { sex: 'male' });
    expect(titles((await me(c)).userCategories)).toEqual(['Body Type', 'Hair Color']);
  });

  it('refuses a choice that does not apply, judged by the sex sent with it', async () => {
    const { user, client: c } = await signedUpUser(suite.server, { sex: 'female' });
    const [beard, bust, hair] = [pick('Beard'), pick('Bust'), pick('Hair Color')];

    const refused = await putProfile(c, { userCategories: [hair.id, beard.id] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      err_key: 'invalid_category',
      errors: { userCategories: ['category_not_for_sex'] },
    });
    expect(await storedParents(user.id)).toEqual([]);

    const asMan = await putProfile(c, { sex: 'male', userCategories: [hair.id, beard.id] });
    expect(asMan.statusCode).toBe(200);
    expect(titles(asMan.json<CurrentUser>().userCategories)).toEqual(['Beard', 'Hair Color']);

    // A man's bust is refused even while the request also changes other fields.
    const bustForMan = await putProfile(c, { bio: 'x', userCategories: [bust.id] });
    expect(bustForMan.statusCode).toBe(400);
    expect((await me(c)).bio).not.toBe('x');

    const asWoman = await putProfile(c, { sex: 'female', userCategories: [bust.id] });
    expect(asWoman.statusCode).toBe(200);
    expect(titles(asWoman.json<CurrentUser>().userCategories)).toEqual(['Bust']);
  });

  it('shows only applicable choices, with their flags, even for rows written past the service', async () => {
    const { user, client: owner } = await signedUpUser(suite.server, { sex: 'female' });
    const [beard, hair] = [pick('Beard'), pick('Hair Color')];
    // As the old demo seed wrote them: a woman with a beard.
    await suite.server.ctx.db.insert(userSubCategories).values(
      [beard, hair].map((choice) => ({
        userId: user.id,
        categoryId: choice.categoryId,
        subCategoryId: choice.id,
      })),
    );

    const own = await me(owner);
    expect(titles(own.userCategories)).toEqual(['Hair Color']);
    expect(own.userCategories[0]).toMatchObject({
      category_id: hair.categoryId,
      for_male: 1,
      for_female: 1,
      for_transgender: 1,
    });
    const { client: viewer } = await signedUpUser(suite.server);
    const profile = await viewer.get(`/api/users/slug/${user.slug}`);
    expect(titles(profile.json<{ userCategories: ChosenCategory[] }>().userCategories)).toEqual([
      'Hair Color',
    ]);
  });
});
