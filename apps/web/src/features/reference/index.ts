/** The reference feature's public face: what other features may import. The rest of the folder is its own. */
export { CountrySelect } from './CountrySelect.tsx';
export { SexRadioGroup } from './SexRadioGroup.tsx';
export { useCountries } from './countries.queries.ts';
export { useTags } from './tags.queries.ts';
