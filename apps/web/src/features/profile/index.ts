/** The profile feature's public face: what other features may import. The rest of the folder is its own. */
export { usePublicProfile } from './profile.queries.ts';
export { bundleTotal } from './bundle-total.ts';
