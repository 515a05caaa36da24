/** The search feature's public face: the way into the search from a header. */
export { SearchEntryLink } from './SearchEntryLink.tsx';
