export { countryOfAddress } from './country-of-address.ts';
