import type { CurrentUser } from '@glimpse/contract';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import { Providers } from '../../app/providers.tsx';
import { routeTree } from '../../app/router.tsx';
import { mockFetch, type MockResponse, type RecordedCall } from '../../test/fetch-mock.ts';
import { makeUser } from '../../test/fixtures.ts';
import { renderRoutes, renderScreen, testQueryClient } from '../../test/render.tsx';
import { VerifyEmailScreen } from './VerifyEmailScreen.tsx';

const TOKEN = 'v'.repeat(43);
const verifyUrl = '/api/auth/email/verify';
const confirmed = { body: { email: 'ada@example.com', purpose: 'email_verify' } };

beforeAll(async () => {
  await import('./RecoveryScreens.tsx');
}, 60_000);

const posts = (calls: RecordedCall[]) => calls.filter((call) => call.url === verifyUrl);

type Answer = MockResponse | (() => MockResponse | Promise<MockResponse>);

/**
 * The screen at its link under StrictMode, as the app starts (app/start.tsx): its mount effect
 * runs twice, and the single-use link must still be posted once. StrictMode goes outermost:
 * React runs effects twice only for a tree mounted under it from the root.
 */
function renderVerify(answer: Answer, { user = null as CurrentUser | null, token = TOKEN } = {}) {
  const fetch = mockFetch({
    'GET /api/auth/session': { body: { user } },
    'POST /api/auth/email/verify': answer,
  });
  const queryClient = testQueryClient();
  const view = render(
    <StrictMode>
      <Providers queryClient={queryClient}>
        <MemoryRouter initialEntries={[token ? `/verify-email?token=${token}` : '/verify-email']}>
          <VerifyEmailScreen />
        </MemoryRouter>
      </Providers>
    </StrictMode>,
  );
  return { ...fetch, ...view, queryClient };
}

describe('VerifyEmailScreen', () => {
  it('confirms the address once, signed out, and offers to sign in', async () => {
    let answer: ((response: MockResponse) => void) | undefined;
    const { calls } = renderVerify(
      () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    );
    expect(screen.getByRole('status')).toHaveTextContent('Confirming your address…');
    await vi.waitFor(() => expect(answer).toBeDefined());
    answer?.(confirmed);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Address confirmed' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      'Thank you: ada@example.com is confirmed.',
    );
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/sign-in');
    expect(posts(calls).map((call) => call.body)).toEqual([{ token: TOKEN }]);
  });

  it('signed in, asks who the user is again (so the notice goes) and leads on into the app', async () => {
    let verified = false;
    const { calls, queryClient } = (() => {
      const fetch = mockFetch({
        // The session answers from the server's state at the time it is asked.
        'GET /api/auth/session': () => ({ body: { user: makeUser({ email_verified: verified }) } }),
        'POST /api/auth/email/verify': () => {
          verified = true;
          return confirmed;
        },
      });
      return {
        ...fetch,
        ...renderScreen(<VerifyEmailScreen />, { path: `/verify-email?token=${TOKEN}` }),
      };
    })();
    expect(await screen.findByRole('link', { name: 'Continue to Glimpse' })).toHaveAttribute(
      'href',
      '/',
    );
    expect(queryClient.getQueryData(['me'])).toMatchObject({ email_verified: true });
    expect(calls.filter((call) => call.url === '/api/auth/session')).toHaveLength(2);
    expect(posts(calls)).toHaveLength(1);
  });

  it('says a changed address is now the account’s', async () => {
    renderVerify({ body: { email: 'ada.new@example.com', purpose: 'email_change' } });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your new address is confirmed' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      'Your account now uses ada.new@example.com. Sign in with it from now on.',
    );
  });

  it.each([
    ['token_expired', 410, 'It has expired: a link to confirm an address works for 2 days.'],
    ['token_invalid', 400, 'It may have been used already, or only part of it was copied.'],
  ])(
    'says a refused link (%s) is no longer valid; signed out, sign-in leads to a new one',
    async (errKey, status, why) => {
      renderVerify({ status, body: { err_key: errKey } });
      expect(
        await screen.findByRole('heading', { level: 1, name: 'This link is no longer valid' }),
      ).toBeInTheDocument();
      const alert = screen.getByRole('alert');
      expect(alert).toHaveTextContent(why);
      expect(alert).toHaveTextContent('Sign in to get a new link.');
      expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
        'href',
        '/sign-in?next=%2Fme%2Fsettings%2Fsecurity',
      );
    },
  );

  it('signed in, an expired link leads to the security settings for a new one', async () => {
    renderVerify(
      { status: 410, body: { err_key: 'token_expired' } },
      { user: makeUser({ email_verified: false }) },
    );
    expect(await screen.findByRole('link', { name: 'Account security' })).toHaveAttribute(
      'href',
      '/me/settings/security',
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Ask for a new link in your account security settings.',
    );
  });

  it('knows a link without its token at once, without posting', async () => {
    const { calls } = renderVerify(confirmed, { token: '' });
    expect(
      screen.getByRole('heading', { level: 1, name: 'This link is no longer valid' }),
    ).toBeInTheDocument();
    expect(posts(calls)).toHaveLength(0);
  });

  it('offers a retry when something but the link failed (rate_limited), and posts again on it', async () => {
    let attempts = 0;
    const { calls } = renderVerify(() =>
      ++attempts === 1 ? { status: 429, body: { err_key: 'rate_limited' } } : confirmed,
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your address could not be confirmed.');
    expect(alert).toHaveTextContent('Too many attempts. Please wait a moment and try again.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Address confirmed' }),
    ).toBeInTheDocument();
    expect(posts(calls)).toHaveLength(2);
  });
});

describe('VerifyEmailScreen: a new address taken meanwhile', () => {
  it('says so without a retry that cannot help, and leads to the security settings', async () => {
    renderVerify(
      { status: 409, body: { err_key: 'email_taken' } },
      { user: makeUser({ email_verified: true }) },
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('An account with this email already exists.');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Account security' })).toHaveAttribute(
      'href',
      '/me/settings/security',
    );
  });
});

describe('the verify-email route', () => {
  it.each([
    ['signed out', null],
    ['signed in', makeUser({ email_verified: false })],
  ])('opens %s, without being sent elsewhere', async (_state, user) => {
    const { calls } = mockFetch({
      'GET /api/auth/session': { body: { user } },
      'POST /api/auth/email/verify': confirmed,
    });
    const { location } = renderRoutes(routeTree, `/verify-email?token=${TOKEN}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Address confirmed' }),
    ).toBeInTheDocument();
    expect(location.pathname).toBe('/verify-email');
    expect(posts(calls)).toHaveLength(1);
  });
});
