/** The reference feature's public face: countries and categories. */
// For the composition root: the routes.
export { referenceRoutes } from './reference.routes.ts';
// Checking a profile's country and category choice (users, the demo seed).
export { getUserCategories, isKnownCountry, parentsOfSubCategories } from './reference.service.ts';
