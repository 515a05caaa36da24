import './account-texts.ts';
import type { AccountSession, CurrentUser } from '@glimpse/contract';
import type { ReactElement } from 'react';
import { mockFetch, type MockResponse, type RecordedCall } from '../../test/fetch-mock.ts';
import { makeUser } from '../../test/fixtures.ts';
import { renderScreen, testQueryClient } from '../../test/render.tsx';

type Handler = MockResponse | ((call: RecordedCall) => MockResponse | Promise<MockResponse>);

/** A part of the security screen for a signed-in user, with the API answering `handlers`. */
export function renderSignedIn(
  ui: ReactElement,
  { user = makeUser(), handlers = {} }: { user?: CurrentUser; handlers?: Record<string, Handler> },
) {
  const fetch = mockFetch({ 'GET /api/auth/session': { body: { user } }, ...handlers });
  const queryClient = testQueryClient();
  queryClient.setQueryData(['me'], user);
  return { ...fetch, ...renderScreen(ui, { path: '/me/settings/security', queryClient }) };
}

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

let nextId = 0;

/** A signed-in device; ids are uuids, as the contract's path parameter wants. */
export function makeSession(overrides: Partial<AccountSession> = {}): AccountSession {
  nextId += 1;
  return {
    id: `00000000-0000-4000-8000-${String(nextId).padStart(12, '0')}`,
    device: 'Firefox on Windows',
    place: 'DE',
    last_used_at: minutesAgo(120),
    created_at: minutesAgo(60 * 24 * 30),
    current: false,
    ...overrides,
  };
}

export { minutesAgo };
