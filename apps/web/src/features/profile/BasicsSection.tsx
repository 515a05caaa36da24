import { BIO_MAX } from '@glimpse/contract';
import { useTranslation } from 'react-i18next';
import { latestAdultBirthdate } from '../../lib/dates.ts';
import { Field, inputClass } from '../../ui/Field.tsx';
import { CountrySelect } from '../reference/index.ts';
import { SexRadioGroup } from '../reference/index.ts';
import { BlockedCountriesPicker } from './BlockedCountriesPicker.tsx';
import type { SectionProps } from './profile-form.ts';

export function BasicsSection({ values, errors, onChange }: SectionProps) {
  const { t } = useTranslation();
  return (
    <fieldset className="flex flex-col gap-4">
      <legend className="mb-2 text-base font-semibold text-neutral-900">
        {t('profile.about')}
      </legend>
      <Field label={t('profile.name')} errors={errors.name}>
        {(control) => (
          <input
            {...control}
            type="text"
            autoComplete="name"
            required
            value={values.name}
            onChange={(event) => onChange({ name: event.target.value })}
            className={inputClass}
          />
        )}
      </Field>
      <Field
        label={t('profile.bio')}
        hint={t('profile.bioHint', { max: BIO_MAX })}
        errors={errors.bio}
      >
        {(control) => (
          <textarea
            {...control}
            rows={4}
            maxLength={BIO_MAX}
            value={values.bio}
            onChange={(event) => onChange({ bio: event.target.value })}
            className={`${inputClass} py-2`}
          />
        )}
      </Field>
      <SexRadioGroup
        legend={t('profile.sex')}
        value={values.sex}
        onChange={(sex) => onChange({ sex })}
        errors={errors.sex}
      />
      <Field label={t('profile.birthdate')} errors={errors.birthdate}>
        {(control) => (
          <input
            {...control}
            type="date"
            required
            max={latestAdultBirthdate()}
            value={values.birthdate}
            onChange={(event) => onChange({ birthdate: event.target.value })}
            className={inputClass}
          />
        )}
      </Field>
      <CountrySelect
        label={t('profile.country')}
        value={values.country}
        onChange={(country) => onChange({ country })}
        errors={errors.country}
      />
      <BlockedCountriesPicker
        value={values.blockedCountries}
        onChange={(blockedCountries) => onChange({ blockedCountries })}
        errors={errors.blockedCountries}
      />
    </fieldset>
  );
}
