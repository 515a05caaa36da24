import { ALL_COUNTRIES_CODE, type Country } from '@glimpse/contract';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../lib/api.ts';
import { staleTimes } from '../../lib/query-policy.ts';

export const countryKeys = {
  all: ['countries'] as const,
};

/**
 * The countries in the order a reader of `locale` expects: "Åland Islands" among the A's and
 * "Türkiye" among the T's (the server sorts by code points, which puts them after Z and Tu).
 * The "All" filter entry stays first.
 */
export function sortCountries(countries: Country[], locale: string | undefined): Country[] {
  const collator = new Intl.Collator(locale, { sensitivity: 'base' });
  const isAll = (country: Country) => country.code === ALL_COUNTRIES_CODE;
  return [...countries].sort(
    (a, b) => Number(isAll(b)) - Number(isAll(a)) || collator.compare(a.name, b.name),
  );
}

/** Every country, sorted for the language the app speaks (the names are in that language). */
export function useCountries() {
  const { i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const select = useCallback((countries: Country[]) => sortCountries(countries, locale), [locale]);
  return useQuery({
    queryKey: countryKeys.all,
    queryFn: () => call('countries'),
    staleTime: staleTimes.reference,
    select,
  });
}

/** The countries a person can live in: the list without its leading "All" filter entry. */
export function realCountries(countries: Country[]): Country[] {
  return countries.filter((country) => country.code !== ALL_COUNTRIES_CODE);
}
