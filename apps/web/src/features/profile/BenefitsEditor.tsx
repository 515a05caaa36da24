import { BENEFIT_MAX, BENEFITS_MAX_COUNT } from '@glimpse/contract';
import { Plus, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button, IconButton } from '../../ui/Button.tsx';
import { FieldErrors, inputClass } from '../../ui/Field.tsx';
import type { SectionProps } from './profile-form.ts';

/** The subscription benefits list: one text input per benefit, add and remove. */
export function BenefitsEditor({ values, errors, onChange }: SectionProps) {
  const { t } = useTranslation();
  const benefits = values.benefits;

  function handleEdit(index: number, text: string) {
    onChange({ benefits: benefits.map((benefit, i) => (i === index ? text : benefit)) });
  }

  function handleRemove(index: number) {
    onChange({ benefits: benefits.filter((_, i) => i !== index) });
  }

  function handleAdd() {
    onChange({ benefits: [...benefits, ''] });
  }

  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-2 text-base font-semibold text-neutral-900">
        {t('profile.benefits')}
      </legend>
      {benefits.length === 0 && (
        <p className="text-sm text-neutral-600">{t('profile.noBenefits')}</p>
      )}
      <ol className="flex flex-col gap-2">
        {benefits.map((benefit, index) => (
          // Rows have no identity beyond their position; the list is short and edited in place.
          <li key={index} className="flex items-center gap-2">
            <label className="sr-only" htmlFor={`benefit-${index}`}>
              {t('profile.benefit', { n: index + 1 })}
            </label>
            <input
              id={`benefit-${index}`}
              type="text"
              maxLength={BENEFIT_MAX}
              value={benefit}
              onChange={(event) => handleEdit(index, event.target.value)}
              className={inputClass}
            />
            <IconButton
              label={t('profile.removeBenefit', { n: index + 1 })}
              onClick={() => handleRemove(index)}
            >
              <Trash2 aria-hidden="true" size={18} />
            </IconButton>
          </li>
        ))}
      </ol>
      <FieldErrors errors={errors.benefits ?? []} />
      {benefits.length < BENEFITS_MAX_COUNT && (
        <Button variant="secondary" onClick={handleAdd} className="self-start">
          <Plus aria-hidden="true" size={18} />
          {t('profile.addBenefit')}
        </Button>
      )}
    </fieldset>
  );
}
