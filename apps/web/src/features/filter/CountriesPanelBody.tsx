import 'flag-icons/css/flag-icons.min.css';
import type { Country } from '@glimpse/contract';
import { Globe } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { CheckboxOption } from './CheckboxOption.tsx';
import { ALL_COUNTRIES_ID, isCountryChosen } from './filter-model.ts';

interface CountriesPanelBodyProps {
  countries: Country[] | undefined;
  isError: boolean;
  onRetry: () => void;
  value: number[];
  onToggle: (countryId: number) => void;
}

/** Every country with its flag, the All entry first (it has a globe, not a flag). */
export function CountriesPanelBody(props: CountriesPanelBodyProps) {
  const { t } = useTranslation();
  if (props.isError) {
    return (
      <div className="flex items-center gap-3 text-sm text-neutral-700">
        {t('filter.loadFailed')}
        <Button variant="secondary" onClick={props.onRetry}>
          {t('common.retry')}
        </Button>
      </div>
    );
  }
  if (!props.countries) return <Spinner />;
  return (
    <div role="group" aria-label={t('filter.countries')}>
      {props.countries.map((country) => (
        <CheckboxOption
          key={country.id}
          label={country.name}
          checked={isCountryChosen(props.value, country.id)}
          onCheckedChange={() => props.onToggle(country.id)}
          leading={
            country.id === ALL_COUNTRIES_ID ? (
              <Globe aria-hidden="true" size={20} className="shrink-0 text-neutral-600" />
            ) : (
              <span
                aria-hidden="true"
                data-testid="country-flag"
                className={`fi fi-${country.code} shrink-0 rounded-sm text-xl`}
              />
            )
          }
        />
      ))}
    </div>
  );
}
