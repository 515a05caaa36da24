import 'flag-icons/css/flag-icons.min.css';
import { useTranslation } from 'react-i18next';
import { Field, inputClass } from '../../ui/Field.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { realCountries, useCountries } from './countries.queries.ts';

interface CountrySelectProps {
  label: string;
  value: string;
  onChange: (code: string) => void;
  errors?: string[] | undefined;
}

/** Where the person lives: the countries list without "All", with the chosen country's flag. */
export function CountrySelect({ label, value, onChange, errors }: CountrySelectProps) {
  const { t } = useTranslation();
  const countries = useCountries();
  const options = realCountries(countries.data ?? []);
  return (
    <Field label={label} errors={errors ?? []}>
      {(control) => (
        <div className="flex items-center gap-2">
          {value && (
            <span
              aria-hidden="true"
              data-testid="country-flag"
              className={`fi fi-${value} shrink-0 rounded-sm text-2xl`}
            />
          )}
          <select
            {...control}
            required
            value={value}
            onChange={(event) => onChange(event.target.value)}
            className={inputClass}
          >
            <option value="">{t('auth.chooseCountry')}</option>
            {options.map((country) => (
              <option key={country.code} value={country.code}>
                {country.name}
              </option>
            ))}
          </select>
          {countries.isPending && <Spinner className="shrink-0" />}
        </div>
      )}
    </Field>
  );
}
