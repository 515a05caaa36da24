import { SEXES, type Sex } from '@glimpse/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../ui/cn.ts';
import { FieldErrors } from '../../ui/Field.tsx';

interface SexRadioGroupProps {
  legend: string;
  value: Sex | '';
  onChange: (sex: Sex) => void;
  errors?: string[] | undefined;
}

/** Male / female / transgender as native radios in a fieldset: arrow keys move between them. */
export function SexRadioGroup({ legend, value, onChange, errors = [] }: SexRadioGroupProps) {
  const { t } = useTranslation();
  const name = useId();
  const errorId = errors.length > 0 ? `${name}-error` : undefined;
  return (
    <fieldset className="flex flex-col gap-1" aria-describedby={errorId}>
      <legend className="mb-1 text-sm font-medium text-neutral-900">{legend}</legend>
      <div className="grid grid-cols-[repeat(auto-fit,minmax(7rem,1fr))] gap-2">
        {SEXES.map((sex) => (
          <label
            key={sex}
            className={cn(
              'flex min-h-11 cursor-pointer items-center justify-center gap-2 rounded-xl border px-2 text-sm font-medium',
              'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-accent',
              value === sex ? 'border-accent-strong bg-accent/10' : 'border-neutral-300 bg-white',
            )}
          >
            <input
              type="radio"
              name={name}
              value={sex}
              checked={value === sex}
              onChange={() => onChange(sex)}
              className="size-4 accent-accent-strong"
            />
            {t(`sex.${sex}`)}
          </label>
        ))}
      </div>
      <FieldErrors id={errorId} errors={errors} />
    </fieldset>
  );
}
