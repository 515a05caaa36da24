import { vi } from 'vitest';

/**
 * Gives the window a `matchMedia` under which only `queries` match (ui/use-media-query.ts):
 * jsdom has none, so a test is a narrow touch phone unless it says otherwise. Undo with
 * `vi.unstubAllGlobals()`.
 */
export function matchOnlyMediaQueries(...queries: string[]): void {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: queries.includes(query),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}
