import { categoryAppliesToSex, type Sex, type UserCategory } from '@glimpse/contract';

/**
 * Options the demo leaves out for its women although the product offers them to everyone: the
 * demo cast should read as plausible people (issue 9 found "Bald" women odd), not as a rule.
 */
const NOT_FOR_DEMO_WOMEN = new Set(['Bald']);

/**
 * A demo person's category choices: about 60% of the parent categories, one random option
 * each, only under parents that apply to the person's sex (`categoryAppliesToSex`). It draws
 * exactly as the seed always has (one draw per parent, then one per picked parent), so ages,
 * tags and everything else drawn after it stay the same on a fresh start.
 */
export function demoCategoryChoice(
  categories: readonly UserCategory[],
  sex: Sex,
  random: () => number,
): Array<{ categoryId: number; subCategoryId: number }> {
  const picked = categories
    .filter(() => random() < 0.6)
    .map((parent) => ({ parent, draw: random() }));
  return picked
    .filter(({ parent }) => categoryAppliesToSex(parent, sex))
    .map(({ parent, draw }) => {
      const options =
        sex === 'female'
          ? parent.sub_categories.filter((sub) => !NOT_FOR_DEMO_WOMEN.has(sub.title))
          : parent.sub_categories;
      return {
        categoryId: parent.id,
        subCategoryId: options[Math.floor(draw * options.length)]!.id,
      };
    });
}
