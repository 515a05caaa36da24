/** The reference feature's public face: what other features may use. */
export { referenceRoutes } from './reference.routes.ts';
export { getUserCategories, isKnownCountry, parentsOfSubCategories } from './reference.service.ts';
