import { DIRECT_MESSAGE_PRICE_MAX, SUBSCRIBE_PRICE_MAX } from '@glimpse/contract';
import { useTranslation } from 'react-i18next';
import { Field, inputClass } from '../../ui/Field.tsx';
import { Switch } from '../../ui/Switch.tsx';
import type { SectionProps } from './profile-form.ts';

export function PricingSection({ values, errors, onChange }: SectionProps) {
  const { t } = useTranslation();
  return (
    <fieldset className="flex flex-col gap-4">
      <legend className="mb-2 text-base font-semibold text-neutral-900">
        {t('profile.pricing')}
      </legend>
      <Field
        label={t('profile.subscribePrice')}
        hint={t('profile.priceHint', { max: SUBSCRIBE_PRICE_MAX })}
        errors={errors.subscribePrice}
      >
        {(control) => (
          <input
            {...control}
            type="number"
            inputMode="decimal"
            min={0}
            max={SUBSCRIBE_PRICE_MAX}
            step="0.01"
            value={values.subscribePrice}
            onChange={(event) => onChange({ subscribePrice: event.target.value })}
            className={inputClass}
          />
        )}
      </Field>
      <Field
        label={t('profile.directMessagePrice')}
        hint={t('profile.priceHint', { max: DIRECT_MESSAGE_PRICE_MAX })}
        errors={errors.directMessagePrice}
      >
        {(control) => (
          <input
            {...control}
            type="number"
            inputMode="decimal"
            min={0}
            max={DIRECT_MESSAGE_PRICE_MAX}
            step="0.01"
            value={values.directMessagePrice}
            onChange={(event) => onChange({ directMessagePrice: event.target.value })}
            className={inputClass}
          />
        )}
      </Field>
      <Switch
        label={t('profile.directMessageTurnOff')}
        checked={values.directMessageTurnOff}
        onCheckedChange={(directMessageTurnOff) => onChange({ directMessageTurnOff })}
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
