import { HOME_PAGE_LIMIT_MAX, discoverPageSize } from '@glimpse/contract';

// Free of React: the boot code (app/first-requests.ts) asks for Discover's first page with it.

/** The largest page the server serves; a tiny window still gets a row. */
const DISCOVER_LIMIT_MAX = HOME_PAGE_LIMIT_MAX;
const DISCOVER_LIMIT_MIN = 3;

/** Spec 9: 3 x ceil(floor(window height / 50) / 3), within what the server accepts. */
export function discoverLimit(windowHeight: number): number {
  const size = discoverPageSize(windowHeight);
  return Math.min(DISCOVER_LIMIT_MAX, Math.max(DISCOVER_LIMIT_MIN, size));
}
