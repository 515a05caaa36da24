import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { readSignedInHint } from '../../lib/signed-in-hint.ts';
import { mockFetch, type MockResponse, type RecordedCall } from '../../test/fetch-mock.ts';
import { makeUser } from '../../test/fixtures.ts';
import { landing, renderScreen } from '../../test/render.tsx';
import { SignInScreen } from './SignInScreen.tsx';

// The second step is a lazy chunk: loaded up front, a cold import is slow on a loaded runner.
beforeAll(async () => {
  await import('./SignInSecondStep.tsx');
}, 60_000);

const secondStepUrl = '/api/auth/login/second-factor';
const due = { body: { two_factor_required: true, methods: ['totp', 'recovery_code'] } };

function renderSignIn(secondFactor: MockResponse | ((call: RecordedCall) => MockResponse)) {
  const rendered = mockFetch({
    'POST /api/auth/login': due,
    'POST /api/auth/login/second-factor': secondFactor,
  });
  const screenParts = renderScreen(<SignInScreen />, {
    path: '/sign-in?next=%2Fme%2Fwallet',
    pattern: '/sign-in',
    extraRoutes: [landing('/me/wallet')],
  });
  return { ...rendered, ...screenParts };
}

async function signInWithPassword() {
  await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
  await userEvent.type(screen.getByLabelText('Password'), 'secret password');
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

/** 123456 and the recovery code abcde-12345 sign in; anything else is a wrong code. */
function secondFactor(call: RecordedCall): MockResponse {
  const body = call.body as { code?: string; recovery_code?: string };
  const recovery = body.recovery_code?.toLowerCase().replace(/[\s-]+/g, '');
  if (body.code === '123456' || recovery === 'abcde12345') return { body: makeUser() };
  return { status: 400, body: { err_key: 'code_invalid' } };
}

describe('the sign-in second step', () => {
  it('asks for the authenticator code after the password, then signs in', async () => {
    const { calls } = renderSignIn(secondFactor);
    await signInWithPassword();
    expect(await screen.findByRole('heading', { name: "Confirm it's you" })).toBeVisible();
    // No session yet: nothing is remembered until the second step.
    expect(readSignedInHint()).toBe(false);
    const code = screen.getByLabelText('Authenticator code');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    await waitFor(() => expect(code).toHaveFocus());
    await userEvent.type(code, '123456{Enter}');
    expect(await screen.findByText('landed on /me/wallet')).toBeInTheDocument();
    expect(readSignedInHint()).toBe(true);
    expect(calls.filter((call) => call.url === secondStepUrl).map((call) => call.body)).toEqual([
      { code: '123456' },
    ]);
  });

  it('says a wrong code under the field and lets the person try again', async () => {
    renderSignIn(secondFactor);
    await signInWithPassword();
    const code = await screen.findByLabelText('Authenticator code');
    await userEvent.type(code, '000000{Enter}');
    await waitFor(() =>
      expect(code).toHaveAccessibleDescription(
        expect.stringContaining('That code is not right, or it was used already.'),
      ),
    );
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(code).toHaveValue('');
    await userEvent.type(code, '123456{Enter}');
    expect(await screen.findByText('landed on /me/wallet')).toBeInTheDocument();
  });

  it('signs in with a recovery code', async () => {
    const { calls } = renderSignIn(secondFactor);
    await signInWithPassword();
    await screen.findByLabelText('Authenticator code');
    await userEvent.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    const recovery = screen.getByLabelText('Recovery code');
    await userEvent.type(recovery, 'abcde-1234{Enter}');
    expect(recovery).toHaveAccessibleDescription(
      expect.stringContaining('Enter a recovery code as you saved it, like abcde-12345.'),
    );
    await userEvent.type(recovery, '5{Enter}');
    expect(await screen.findByText('landed on /me/wallet')).toBeInTheDocument();
    expect(calls.filter((call) => call.url === secondStepUrl).map((call) => call.body)).toEqual([
      { recovery_code: 'abcde-12345' },
    ]);
  });

  it('goes back to the password with a message when the sign-in expired', async () => {
    renderSignIn({ status: 401, body: { err_key: 'sign_in_expired' } });
    await signInWithPassword();
    await userEvent.type(await screen.findByLabelText('Authenticator code'), '123456{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Signing in took too long or had too many wrong tries. Enter your email and password again.',
    );
    expect(screen.queryByLabelText('Authenticator code')).toBeNull();
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
    const password = screen.getByLabelText('Password');
    expect(password).toHaveValue('');
    await waitFor(() => expect(password).toHaveFocus());
  });

  it('says too many tries and keeps the step', async () => {
    renderSignIn({ status: 429, body: { err_key: 'rate_limited' } });
    await signInWithPassword();
    await userEvent.type(await screen.findByLabelText('Authenticator code'), '123456{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many attempts. Please wait a moment and try again.',
    );
    expect(screen.getByLabelText('Authenticator code')).toBeVisible();
  });

  it('goes back to the password on request', async () => {
    renderSignIn(secondFactor);
    await signInWithPassword();
    await screen.findByLabelText('Authenticator code');
    await userEvent.click(screen.getByRole('button', { name: 'Back to email and password' }));
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
