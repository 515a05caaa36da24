import type { CurrentUser } from '@glimpse/contract';
import type { QueryClient } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { mockFetch, type MockResponse, type RecordedCall } from '../../../test/fetch-mock.ts';
import { makeUser } from '../../../test/fixtures.ts';
import { renderScreen, testQueryClient } from '../../../test/render.tsx';

type Handlers = Record<
  string,
  MockResponse | ((call: RecordedCall) => MockResponse | Promise<MockResponse>)
>;

interface Options {
  user?: Partial<CurrentUser>;
  handlers?: Handlers;
  path?: string;
  pattern?: string;
  /** Fills the cache before the first render, as earlier screens would have. */
  seed?: (queryClient: QueryClient) => void;
}

/** Renders `ui` for a signed-in user (in the cache, as behind the auth guard) with stubbed fetch. */
export function renderWithUser(ui: ReactElement, options: Options = {}) {
  const user = makeUser(options.user);
  const fetch = mockFetch({
    'GET /api/auth/session': { body: { user } },
    ...options.handlers,
  });
  const queryClient = testQueryClient();
  queryClient.setQueryData(['me'], user);
  options.seed?.(queryClient);
  const view = renderScreen(ui, { queryClient, path: options.path, pattern: options.pattern });
  return { ...fetch, ...view, user };
}

/** The Idempotency-Key each request to `path` carried, in order. */
export function idempotencyKeysOf(
  fetchMock: ReturnType<typeof mockFetch>['fetchMock'],
  path: string,
): (string | undefined)[] {
  return fetchMock.mock.calls
    .filter(([url]) => String(url).split('?')[0] === path)
    .map(([, init]) => (init?.headers as Record<string, string> | undefined)?.['idempotency-key']);
}

/** window.location.assign cannot navigate in jsdom: record where the page would have gone. */
export function stubLocationAssign() {
  const assign = vi.fn();
  vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
  return assign;
}
