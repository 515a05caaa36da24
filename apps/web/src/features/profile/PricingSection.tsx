import { DIRECT_MESSAGE_PRICE_MAX, SUBSCRIBE_PRICE_MAX } from '@glimpse/contract';
import { useTranslation } from 'react-i18next';
import { Field, inputClass } from '../../ui/Field.tsx';
import { Switch } from '../../ui/Switch.tsx';
import type { SectionProps } from './profile-form.ts';

interface PriceFieldProps {
  label: string;
  max: number;
  value: string;
  errors: string[] | undefined;
  onChange: (value: string) => void;
}

/** A price in dollars with cents, 0 up to `max`; the form validates it on save. */
function PriceField({ label, max, value, errors, onChange }: PriceFieldProps) {
  const { t } = useTranslation();
  return (
    <Field label={label} hint={t('profile.priceHint', { max })} errors={errors}>
      {(control) => (
        <input
          {...control}
          type="number"
          inputMode="decimal"
          min={0}
          max={max}
          step="0.01"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          className={inputClass}
        />
      )}
    </Field>
  );
}

export function PricingSection({ values, errors, onChange }: SectionProps) {
  const { t } = useTranslation();
  return (
    <fieldset className="flex flex-col gap-4">
      <legend className="mb-2 text-base font-semibold text-neutral-900">
        {t('profile.pricing')}
      </legend>
      <PriceField
        label={t('profile.subscribePrice')}
        max={SUBSCRIBE_PRICE_MAX}
        value={values.subscribePrice}
        errors={errors.subscribePrice}
        onChange={(subscribePrice) => onChange({ subscribePrice })}
      />
      <PriceField
        label={t('profile.directMessagePrice')}
        max={DIRECT_MESSAGE_PRICE_MAX}
        value={values.directMessagePrice}
        errors={errors.directMessagePrice}
        onChange={(directMessagePrice) => onChange({ directMessagePrice })}
      />
      <Switch
        label={t('profile.directMessageTurnOff')}
        checked={values.directMessageTurnOff}
        onCheckedChange={(directMessageTurnOff) => onChange({ directMessageTurnOff })}
      />
      <Switch
        label={t('profile.directMessageSubscribersOnly')}
        hint={t('profile.directMessageSubscribersOnlyHint')}
        checked={values.directMessageSubscribersOnly}
        onCheckedChange={(directMessageSubscribersOnly) =>
          onChange({ directMessageSubscribersOnly })
        }
      />
      <Switch
        label={t('profile.onHolidayMood')}
        hint={t('profile.onHolidayMoodHint')}
        checked={values.onHolidayMood}
        onCheckedChange={(onHolidayMood) => onChange({ onHolidayMood })}
      />
    </fieldset>
  );
}
