import { PASSWORD_MAX, PASSWORD_MIN } from '@glimpse/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { readSignedInHint } from '../../lib/signed-in-hint.ts';
import { mockFetch, type MockResponse } from '../../test/fetch-mock.ts';
import { makeUser } from '../../test/fixtures.ts';
import { landing, renderScreen, testQueryClient } from '../../test/render.tsx';
import * as fullLoad from './full-load.ts';
import { ResetPasswordScreen } from './ResetPasswordScreen.tsx';

const TOKEN = 'a'.repeat(43);
const resetUrl = '/api/auth/password/reset';

function renderReset(answer: MockResponse, { path = `/reset-password?token=${TOKEN}` } = {}) {
  const fetch = mockFetch({ 'POST /api/auth/password/reset': answer });
  const view = renderScreen(<ResetPasswordScreen />, {
    path,
    pattern: '/reset-password',
    extraRoutes: [landing('/'), landing('/forgot-password')],
  });
  return { ...fetch, ...view };
}

function mockAndRender(routes: Record<string, MockResponse>) {
  const fetch = mockFetch(routes);
  const view = renderScreen(<ResetPasswordScreen />, {
    path: `/reset-password?token=${TOKEN}`,
    pattern: '/reset-password',
    extraRoutes: [landing('/'), landing('/sign-in')],
  });
  return { ...fetch, ...view };
}

const passwordField = () => screen.getByLabelText('New password');

async function submit(password: string) {
  await userEvent.type(passwordField(), password);
  await userEvent.click(screen.getByRole('button', { name: 'Save password' }));
}

describe('ResetPasswordScreen', () => {
  it('saves the new password, signs in with the answer and goes home', async () => {
    const user = makeUser({ name: 'Ada Reset' });
    const { calls, queryClient } = renderReset({ body: user });
    expect(screen.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
    expect(passwordField()).toHaveAttribute('autocomplete', 'new-password');
    expect(passwordField()).toHaveAccessibleDescription(
      `${PASSWORD_MIN} to ${PASSWORD_MAX} characters.`,
    );
    await submit('a brand new secret');
    expect(await screen.findByText('landed on /')).toBeInTheDocument();
    expect(calls.filter((call) => call.url === resetUrl).map((call) => call.body)).toEqual([
      { token: TOKEN, password: 'a brand new secret' },
    ]);
    // Signed in as sign-in does: the session's user in the cache, the hint for the next load.
    expect(queryClient.getQueryData(['me'])).toEqual(user);
    expect(readSignedInHint()).toBe(true);
  });

  it('starts afresh with a full page load when the browser was signed in before', async () => {
    const load = vi.spyOn(fullLoad, 'loadPageAt').mockImplementation(() => undefined);
    const queryClient = testQueryClient();
    // Someone else was signed in here: their caches and socket must not outlive the reset.
    queryClient.setQueryData(['me'], makeUser({ id: 99, name: 'Someone Else' }));
    mockFetch({ 'POST /api/auth/password/reset': { body: makeUser() } });
    renderScreen(<ResetPasswordScreen />, {
      path: `/reset-password?token=${TOKEN}`,
      queryClient,
    });
    await submit('a brand new secret');
    await vi.waitFor(() => expect(load).toHaveBeenCalledWith('/'));
    expect(queryClient.getQueryData(['me'])).toMatchObject({ id: 99 });
  });

  it('asks an account with a second factor for it before signing in, then goes home', async () => {
    await import('./SignInSecondStep.tsx');
    const user = makeUser({ name: 'Ada Guarded' });
    const { calls, queryClient } = mockAndRender({
      'POST /api/auth/password/reset': {
        body: { two_factor_required: true, methods: ['totp', 'recovery_code'] },
      },
      'POST /api/auth/login/second-factor': { body: user },
    });
    await submit('a brand new secret');
    expect(
      await screen.findByText(
        'Your new password is saved. Your account asks for its second factor too before you are signed in.',
      ),
    ).toBeVisible();
    // Not signed in by the reset alone.
    expect(queryClient.getQueryData(['me'])).toBeUndefined();
    await userEvent.type(await screen.findByLabelText('Authenticator code'), '123456{Enter}');
    expect(await screen.findByText('landed on /')).toBeInTheDocument();
    expect(calls.map((call) => call.url)).toEqual([resetUrl, '/api/auth/login/second-factor']);
    expect(queryClient.getQueryData(['me'])).toEqual(user);
  });

  it("applies sign-up's password rules before asking the server, and shows what was typed", async () => {
    const { calls } = renderReset({ body: makeUser() });
    await userEvent.click(screen.getByRole('button', { name: 'Save password' }));
    expect(passwordField()).toHaveAccessibleDescription('This field is required.');
    await submit('short');
    expect(passwordField()).toHaveAccessibleDescription(
      `Too short: use at least ${PASSWORD_MIN} characters.`,
    );
    expect(passwordField()).toHaveFocus();
    await userEvent.clear(passwordField());
    await userEvent.click(passwordField());
    await userEvent.paste('x'.repeat(PASSWORD_MAX + 1));
    await userEvent.click(screen.getByRole('button', { name: 'Save password' }));
    expect(passwordField()).toHaveAccessibleDescription(
      `Too long: use at most ${PASSWORD_MAX} characters.`,
    );
    expect(calls.filter((call) => call.url === resetUrl)).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(passwordField()).toHaveAttribute('type', 'text');
  });

  it.each([
    [
      'with the field named',
      { err_key: 'password_too_common', errors: { password: ['password_too_common'] } },
    ],
    ['without a field', { err_key: 'password_too_common' }],
  ])(
    'shows password_too_common under the field (%s) and moves focus there',
    async (_case, body) => {
      renderReset({ status: 400, body });
      await submit('password123');
      expect(await screen.findByText(/too easy to guess/)).toBeInTheDocument();
      expect(passwordField()).toHaveAccessibleDescription(
        'This password is too easy to guess. Choose a less common one.',
      );
      expect(passwordField()).toHaveFocus();
      expect(screen.queryByRole('alert')).toBeNull();
    },
  );

  it.each([
    ['token_invalid', 400, /It may have been used already/],
    ['token_expired', 410, /It has expired: a link to reset a password works for 30 minutes\./],
  ])(
    'says a refused link (%s) is no longer valid, with the way to a new one',
    async (errKey, status, why) => {
      renderReset({ status, body: { err_key: errKey } });
      await submit('a brand new secret');
      expect(
        await screen.findByRole('heading', { level: 1, name: 'This link is no longer valid' }),
      ).toBeInTheDocument();
      expect(screen.getByRole('alert')).toHaveTextContent(why);
      expect(screen.queryByLabelText('New password')).toBeNull();
      await userEvent.click(screen.getByRole('link', { name: 'Get a new link' }));
      expect(await screen.findByText('landed on /forgot-password')).toBeInTheDocument();
    },
  );

  it('knows a link without its token at once, without asking the server', async () => {
    const { calls } = renderReset({ body: makeUser() }, { path: '/reset-password' });
    expect(
      screen.getByRole('heading', { level: 1, name: 'This link is no longer valid' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute(
      'href',
      '/sign-in',
    );
    expect(calls).toHaveLength(0);
  });

  it('takes a token cut short (refused by the schema) as a link no longer valid', async () => {
    renderReset(
      { status: 400, body: { err_key: 'validation_failed', errors: { token: ['token_invalid'] } } },
      { path: '/reset-password?token=abc' },
    );
    await submit('a brand new secret');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This link is no longer valid' }),
    ).toBeInTheDocument();
  });

  it('shows rate_limited above the form and keeps the password typed', async () => {
    renderReset({ status: 429, body: { err_key: 'rate_limited' } });
    await submit('a brand new secret');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many attempts. Please wait a moment and try again.',
    );
    expect(passwordField()).toHaveValue('a brand new secret');
    expect(screen.getByRole('button', { name: 'Save password' })).toBeEnabled();
  });
});
