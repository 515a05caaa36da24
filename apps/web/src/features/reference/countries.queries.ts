import { ALL_COUNTRIES_CODE, type Country } from '@glimpse/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api.ts';
import { staleTimes } from '../../lib/query-policy.ts';

export const countryKeys = {
  all: ['countries'] as const,
};

export function useCountries() {
  return useQuery({
    queryKey: countryKeys.all,
    queryFn: () => call('countries'),
    staleTime: staleTimes.reference,
  });
}

/** The countries a person can live in: the list without its leading "All" filter entry. */
export function realCountries(countries: Country[]): Country[] {
  return countries.filter((country) => country.code !== ALL_COUNTRIES_CODE);
}
