import { AGE_MAX, AGE_MIN } from '@glimpse/contract';
import { Slider } from 'radix-ui';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

interface AgeRangeFieldProps {
  value: [number, number];
  onChange: (range: [number, number]) => void;
}

const thumbClass =
  'block size-7 rounded-full border-2 border-accent-strong bg-white shadow focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent';

/** Spec 5: ages 18 to 100 on one slider with two thumbs (arrow keys move the focused thumb). */
export function AgeRangeField({ value, onChange }: AgeRangeFieldProps) {
  const { t } = useTranslation();
  const labelId = useId();
  function handleValueChange(next: number[]) {
    const [low = AGE_MIN, high = AGE_MAX] = next;
    onChange([low, high]);
  }
  return (
    <div role="group" aria-labelledby={labelId} className="flex flex-col gap-2">
      <div className="flex items-baseline justify-between">
        <span id={labelId} className="text-sm font-semibold text-neutral-900">
          {t('filter.age')}
        </span>
        <span className="text-sm text-neutral-700" aria-live="polite">
          {t('filter.ageRange', { min: value[0], max: value[1] })}
        </span>
      </div>
      <Slider.Root
        min={AGE_MIN}
        max={AGE_MAX}
        step={1}
        value={value}
        onValueChange={handleValueChange}
        className="relative flex h-11 touch-none items-center px-1 select-none"
      >
        <Slider.Track className="relative h-1.5 grow rounded-full bg-neutral-200">
          <Slider.Range className="absolute h-full rounded-full bg-accent" />
        </Slider.Track>
        <Slider.Thumb aria-label={t('filter.minAge')} className={thumbClass} />
        <Slider.Thumb aria-label={t('filter.maxAge')} className={thumbClass} />
      </Slider.Root>
    </div>
  );
}
