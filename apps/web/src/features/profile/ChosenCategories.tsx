import type { ChosenCategory, Sex } from '@glimpse/contract';
import { HAIR_COLOR_CATEGORY } from '@glimpse/contract';
import { ReadOnlyChip } from '../../ui/Chip.tsx';
import { categoriesForGender, ColorSwatch } from '../categories/index.ts';

/**
 * A profile's chosen categories as read-only chips: "Parent: choice". Only categories that apply
 * to the profile's sex show (the same rule the edit form offers by), so a choice the server has
 * not dropped yet, or a stale cached profile, never shows a woman "Beard: Stubble".
 */
export function ChosenCategories({
  categories,
  sex,
  label,
}: {
  categories: ChosenCategory[];
  sex: Sex;
  label: string;
}) {
  const shown = categoriesForGender(categories, sex);
  if (shown.length === 0) return null;
  return (
    <section aria-label={label}>
      <h2 className="mb-2 text-sm font-semibold text-neutral-900">{label}</h2>
      <ul className="flex flex-wrap gap-2">
        {shown.map((category) => (
          <li key={category.id}>
            <ReadOnlyChip>
              {category.category_title === HAIR_COLOR_CATEGORY && category.color_code && (
                <ColorSwatch colorCode={category.color_code} />
              )}
              <span className="text-neutral-600">{category.category_title}:</span>
              {category.title}
            </ReadOnlyChip>
          </li>
        ))}
      </ul>
    </section>
  );
}
