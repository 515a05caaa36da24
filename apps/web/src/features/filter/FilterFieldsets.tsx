import { SEXES, type HomeSection, type Sex } from '@glimpse/contract';
import { useTranslation } from 'react-i18next';
import { CheckboxOption } from './CheckboxOption.tsx';
import { SECTIONS, toggleOrdered } from './filter-model.ts';

const legendClass = 'mb-1 text-sm font-semibold text-neutral-900';

interface SectionsFieldsetProps {
  value: HomeSection[];
  onChange: (sections: HomeSection[]) => void;
}

/** Which home sections show (spec 2); at least one is required to save (spec 5). */
export function SectionsFieldset({ value, onChange }: SectionsFieldsetProps) {
  const { t } = useTranslation();
  return (
    <fieldset>
      <legend className={legendClass}>{t('filter.sections')}</legend>
      {SECTIONS.map((section) => (
        <CheckboxOption
          key={section}
          label={t(`home.${section}`)}
          checked={value.includes(section)}
          onCheckedChange={() => onChange(toggleOrdered(value, section, SECTIONS))}
        />
      ))}
    </fieldset>
  );
}

interface SexFieldsetProps {
  value: Sex[];
  onChange: (genders: Sex[]) => void;
}

/** Male, female, transgender: any number; none chosen means every sex. */
export function SexFieldset({ value, onChange }: SexFieldsetProps) {
  const { t } = useTranslation();
  return (
    <fieldset>
      <legend className={legendClass}>{t('filter.sex')}</legend>
      <div className="grid grid-cols-[repeat(auto-fit,minmax(8rem,1fr))]">
        {SEXES.map((sex) => (
          <CheckboxOption
            key={sex}
            label={t(`sex.${sex}`)}
            checked={value.includes(sex)}
            onCheckedChange={() => onChange(toggleOrdered(value, sex, SEXES))}
          />
        ))}
      </div>
    </fieldset>
  );
}
