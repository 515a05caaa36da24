import type { ChosenCategory } from '@glimpse/contract';
import { HAIR_COLOR_CATEGORY } from '@glimpse/contract';
import { ReadOnlyChip } from '../../ui/Chip.tsx';
import { ColorSwatch } from '../categories/index.ts';

/** A profile's chosen categories as read-only chips: "Parent: choice". */
export function ChosenCategories({
  categories,
  label,
}: {
  categories: ChosenCategory[];
  label: string;
}) {
  if (categories.length === 0) return null;
  return (
    <section aria-label={label}>
      <h2 className="mb-2 text-sm font-semibold text-neutral-900">{label}</h2>
      <ul className="flex flex-wrap gap-2">
        {categories.map((category) => (
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
