import {
  HAIR_COLOR_CATEGORY,
  type Sex,
  type SubCategory,
  type UserCategory,
} from '@glimpse/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Chip } from '../../ui/Chip.tsx';
import { cn } from '../../ui/cn.ts';
import { ColorSwatch } from './ColorSwatch.tsx';
import {
  categoriesForGender,
  toggleFilter,
  toggleNormal,
  type CategoryChoice,
} from './category-selection.ts';

interface CommonProps {
  categories: UserCategory[];
  /** Shows only parents flagged for this gender; without one every parent shows. */
  gender?: Sex;
}

interface NormalProps extends CommonProps {
  mode: 'normal';
  value: CategoryChoice;
  /** The spec's `selectedCategoryIds` update event. */
  onSelectedCategoryIds: (value: CategoryChoice) => void;
}

interface FilterProps extends CommonProps {
  mode: 'filter';
  value: number[];
  onSelectedCategoryIds: (value: number[]) => void;
}

export type CategorySelectorProps = NormalProps | FilterProps;

/** Category picker (spec 2, 3, 5): one chip per parent in normal mode, any number in filter mode. */
export function CategorySelector(props: CategorySelectorProps) {
  const { t } = useTranslation();
  const visible = categoriesForGender(props.categories, props.gender);
  const isFilter = props.mode === 'filter';

  function isSelected(parentId: number, subId: number): boolean {
    return props.mode === 'normal' ? props.value[parentId] === subId : props.value.includes(subId);
  }

  function handleChipClick(parentId: number, subId: number) {
    if (props.mode === 'normal')
      props.onSelectedCategoryIds(toggleNormal(props.value, parentId, subId));
    else props.onSelectedCategoryIds(toggleFilter(props.value, subId));
  }

  if (visible.length === 0) {
    return <p className="text-sm text-neutral-600">{t('categories.empty')}</p>;
  }

  return (
    <div className="flex flex-col gap-3" data-mode={props.mode}>
      {visible.map((category) => (
        <CategoryCard
          key={category.id}
          category={category}
          transparent={isFilter}
          isSelected={(subId) => isSelected(category.id, subId)}
          onChipClick={(subId) => handleChipClick(category.id, subId)}
        />
      ))}
    </div>
  );
}

interface CategoryCardProps {
  category: UserCategory;
  transparent: boolean;
  isSelected: (subId: number) => boolean;
  onChipClick: (subId: number) => void;
}

function CategoryCard({ category, transparent, isSelected, onChipClick }: CategoryCardProps) {
  const titleId = useId();
  const isHairColor = category.title === HAIR_COLOR_CATEGORY;
  return (
    <section
      aria-labelledby={titleId}
      data-variant={transparent ? 'transparent' : 'card'}
      className={cn(
        'rounded-2xl',
        transparent ? 'bg-transparent' : 'border border-neutral-200 bg-white p-4 shadow-sm',
      )}
    >
      <h3 id={titleId} className="mb-2 text-sm font-semibold text-neutral-900">
        {category.title}
      </h3>
      <div role="group" aria-labelledby={titleId} className="flex flex-wrap gap-2">
        {category.sub_categories.map((sub) => (
          <SubCategoryChip
            key={sub.id}
            sub={sub}
            asSwatch={isHairColor}
            selected={isSelected(sub.id)}
            onClick={() => onChipClick(sub.id)}
          />
        ))}
      </div>
    </section>
  );
}

interface SubCategoryChipProps {
  sub: SubCategory;
  asSwatch: boolean;
  selected: boolean;
  onClick: () => void;
}

function SubCategoryChip({ sub, asSwatch, selected, onClick }: SubCategoryChipProps) {
  // Hair Color chips show the colour as a swatch beside the title: a swatch alone left "which
  // blonde is this?" to a tooltip that touch screens never show.
  if (asSwatch && sub.color_code) {
    return (
      <Chip selected={selected} onClick={onClick} className="gap-1.5 pl-1.5">
        <ColorSwatch colorCode={sub.color_code} />
        {sub.title}
      </Chip>
    );
  }
  return (
    <Chip selected={selected} onClick={onClick}>
      {sub.title}
    </Chip>
  );
}
