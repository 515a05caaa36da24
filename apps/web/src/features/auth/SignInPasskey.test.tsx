import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, type MockResponse } from '../../test/fetch-mock.ts';
import { makeUser } from '../../test/fixtures.ts';
import { landing, renderScreen } from '../../test/render.tsx';
import { installFakeAuthenticator } from '../second-factor/test/fake-authenticator.ts';
import { SignInScreen } from './SignInScreen.tsx';

const options = { challenge: 'c2lnbi1pbg', rpId: 'localhost', allowCredentials: [] };
/** What the browser asked the authenticator for: the server's challenge, for this site. */
const asked = { challenge: options.challenge, rpId: options.rpId };
const answer = {
  id: 'Y3JlZC0x',
  rawId: 'Y3JlZC0x',
  type: 'public-key' as const,
  response: { clientDataJSON: 'e30', authenticatorData: 'YXV0aA', signature: 'c2ln' },
  clientExtensionResults: {},
  authenticatorAttachment: 'platform' as const,
};

beforeAll(async () => {
  await Promise.all([
    import('./SignInSecondStep.tsx'),
    import('./passkey-sign-in.ts'),
    import('@simplewebauthn/browser'),
  ]);
}, 60_000);

let authenticator: ReturnType<typeof installFakeAuthenticator>;
beforeEach(() => {
  authenticator = installFakeAuthenticator();
});

function renderSignIn(handlers: Record<string, MockResponse>) {
  const fetch = mockFetch(handlers);
  renderScreen(<SignInScreen />, {
    path: '/sign-in?next=%2Fme',
    pattern: '/sign-in',
    extraRoutes: [landing('/me')],
  });
  return fetch;
}

const passkeyButton = () => screen.getByRole('button', { name: 'Sign in with a passkey' });

describe('signing in with a passkey alone', () => {
  it('hands the server the browser’s answer to its challenge, then signs in', async () => {
    authenticator.answerWith(answer);
    const { calls } = renderSignIn({
      'POST /api/auth/passkey/options': { body: options },
      'POST /api/auth/passkey': { body: makeUser() },
    });
    await userEvent.click(passkeyButton());
    expect(await screen.findByText('landed on /me')).toBeInTheDocument();
    expect(authenticator.requests).toMatchObject([{ kind: 'get', publicKey: asked }]);
    expect(calls.find((call) => call.url === '/api/auth/passkey')?.body).toEqual({
      passkey: answer,
    });
  });

  it('says so when the browser’s prompt was closed, and asks nothing more', async () => {
    authenticator.refuseWith(
      'NotAllowedError',
      'The operation either timed out or was not allowed.',
    );
    const { calls } = renderSignIn({ 'POST /api/auth/passkey/options': { body: options } });
    await userEvent.click(passkeyButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The passkey prompt was closed or timed out. Try again, or use another way.',
    );
    expect(calls.map((call) => call.url)).toEqual(['/api/auth/passkey/options']);
    expect(passkeyButton()).toBeEnabled();
  });

  it('says a passkey the server does not take could not sign in', async () => {
    authenticator.answerWith(answer);
    renderSignIn({
      'POST /api/auth/passkey/options': { body: options },
      'POST /api/auth/passkey': { status: 400, body: { err_key: 'passkey_invalid' } },
    });
    await userEvent.click(passkeyButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'That passkey could not sign you in. Try again, or sign in with your email and password.',
    );
  });

  it('shows a suspended owner the suspension and the way to its standing, as a password does', async () => {
    authenticator.answerWith(answer);
    renderSignIn({
      'POST /api/auth/passkey/options': { body: options },
      'POST /api/auth/passkey': {
        status: 403,
        body: { err_key: 'account_suspended', err_msg: { until: null }, standing_token: 'st-1' },
      },
    });
    await userEvent.click(passkeyButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(/suspended for good/);
    // The token's link (a refusal without one offers the plain appeal link).
    expect(
      await screen.findByRole('link', { name: 'See why your account is suspended, and appeal' }),
    ).toHaveAttribute('href', '/appeal');
  });

  it('is not offered where the browser has no passkeys', () => {
    vi.stubGlobal('PublicKeyCredential', undefined);
    renderSignIn({});
    expect(screen.queryByRole('button', { name: 'Sign in with a passkey' })).toBeNull();
  });
});

describe('a passkey as the second step', () => {
  it('asks the browser with the second step’s challenge, then signs in', async () => {
    authenticator.answerWith(answer);
    const { calls } = renderSignIn({
      'POST /api/auth/login': {
        body: { two_factor_required: true, methods: ['passkey', 'recovery_code'] },
      },
      'POST /api/auth/login/second-factor/passkey-options': { body: options },
      'POST /api/auth/login/second-factor': { body: makeUser() },
    });
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const usePasskey = await screen.findByRole('button', { name: 'Use a passkey' });
    // No authenticator app on this account: no code field, the recovery code as the way out.
    expect(screen.queryByLabelText('Authenticator code')).toBeNull();
    expect(screen.getByRole('button', { name: 'Use a recovery code' })).toBeVisible();
    await userEvent.click(usePasskey);
    expect(await screen.findByText('landed on /me')).toBeInTheDocument();
    expect(authenticator.requests).toMatchObject([{ kind: 'get', publicKey: asked }]);
    await waitFor(() =>
      expect(calls.find((call) => call.url === '/api/auth/login/second-factor')?.body).toEqual({
        passkey: answer,
      }),
    );
  });
});
