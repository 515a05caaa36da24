import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MockResponse } from '../../../test/fetch-mock.ts';
import { EmailSection } from '../EmailSection.tsx';
import { PasswordSection } from '../PasswordSection.tsx';
import { renderSignedIn } from '../test-utils.tsx';
import { makePasskey, sensitive, stepUpHandler, withApp } from '../two-factor-test-utils.ts';

// The dialog is a lazy chunk: loaded up front, a cold import is slow on a loaded runner.
beforeAll(async () => {
  await import('./SecondFactorDialog.tsx');
}, 60_000);

const passwordUrl = '/api/users/me/password';
const verifyUrl = '/api/auth/2fa/verify';

function renderPassword({
  state = withApp(),
  verify,
}: { state?: ReturnType<typeof withApp>; verify?: MockResponse } = {}) {
  const verified = { current: false };
  const rendered = renderSignedIn(<PasswordSection />, {
    handlers: {
      'PUT /api/users/me/password': sensitive({ body: { success: true } }, verified),
      'GET /api/auth/2fa': { body: state },
      'POST /api/auth/2fa/verify': verify ?? stepUpHandler(verified),
    },
  });
  return { ...rendered, verified };
}

async function changePassword() {
  await userEvent.type(screen.getByLabelText('Current password'), 'old secret');
  await userEvent.type(screen.getByLabelText('New password'), 'a brand new secret');
  await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
}

const stepUpDialog = () => screen.findByRole('dialog', { name: "Confirm it's you" });

describe('the step-up before a sensitive change', () => {
  it('asks for the authenticator code, then makes the change', async () => {
    const { calls } = renderPassword();
    await changePassword();
    const dialog = await stepUpDialog();
    expect(dialog).toHaveAccessibleDescription('This change needs your second factor.');
    const code = await within(dialog).findByLabelText('Authenticator code');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    await waitFor(() => expect(code).toHaveFocus());
    // Typed as the app groups it: the space goes.
    await userEvent.type(code, '123 456{Enter}');
    expect(
      await screen.findByText('Your password is changed. Every other device was signed out.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.filter((call) => call.url === verifyUrl).map((call) => call.body)).toEqual([
      { code: '123456' },
    ]);
    // Refused once, then made with the same body.
    const changes = calls.filter((call) => call.url === passwordUrl).map((call) => call.body);
    expect(changes).toEqual([
      { current_password: 'old secret', password: 'a brand new secret' },
      { current_password: 'old secret', password: 'a brand new secret' },
    ]);
  });

  it('says a wrong code under the field, empties it and keeps the focus there', async () => {
    const { calls } = renderPassword();
    await changePassword();
    const dialog = await stepUpDialog();
    const code = await within(dialog).findByLabelText('Authenticator code');
    await userEvent.type(code, '111111');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Verify' }));
    await waitFor(() =>
      expect(code).toHaveAccessibleDescription(
        expect.stringContaining(
          'That code is not right, or it was used already. Enter the code the app shows now.',
        ),
      ),
    );
    expect(code).toHaveValue('');
    await waitFor(() => expect(code).toHaveFocus());
    expect(calls.filter((call) => call.url === passwordUrl)).toHaveLength(1);
    // The right one goes through.
    await userEvent.type(code, '123456{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((call) => call.url === passwordUrl)).toHaveLength(2);
  });

  it('checks the code has six digits before asking the server', async () => {
    const { calls } = renderPassword();
    await changePassword();
    const dialog = await stepUpDialog();
    await userEvent.type(await within(dialog).findByLabelText('Authenticator code'), '12a{Enter}');
    expect(within(dialog).getByLabelText('Authenticator code')).toHaveAccessibleDescription(
      expect.stringContaining('Enter the 6 digits from your authenticator app.'),
    );
    expect(calls.filter((call) => call.url === verifyUrl)).toHaveLength(0);
  });

  it('takes a recovery code instead', async () => {
    const { calls } = renderPassword();
    await changePassword();
    const dialog = await stepUpDialog();
    await within(dialog).findByLabelText('Authenticator code');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Use a recovery code' }));
    const recovery = within(dialog).getByLabelText('Recovery code');
    await waitFor(() => expect(recovery).toHaveFocus());
    await userEvent.type(recovery, 'ABCDE-12345{Enter}');
    expect(
      await screen.findByText('Your password is changed. Every other device was signed out.'),
    ).toBeInTheDocument();
    expect(calls.filter((call) => call.url === verifyUrl).map((call) => call.body)).toEqual([
      { recovery_code: 'ABCDE-12345' },
    ]);
  });

  it('shows too many tries above the field', async () => {
    renderPassword({ verify: { status: 429, body: { err_key: 'rate_limited' } } });
    await changePassword();
    const dialog = await stepUpDialog();
    await userEvent.type(await within(dialog).findByLabelText('Authenticator code'), '123456');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Too many attempts. Please wait a moment and try again.',
    );
  });

  it('says when the step-up ran out, and keeps the dialog to try again', async () => {
    renderPassword({ verify: { status: 401, body: { err_key: 'sign_in_expired' } } });
    await changePassword();
    const dialog = await stepUpDialog();
    await userEvent.type(await within(dialog).findByLabelText('Authenticator code'), '123456');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'That took too long. Try again.',
    );
    expect(within(dialog).getByRole('button', { name: 'Verify' })).toBeEnabled();
  });

  it('offers only what the account has: no code field without the app', async () => {
    renderPassword({
      state: withApp({ totp: false, passkeys: [makePasskey()], recovery_codes_left: 0 }),
    });
    // jsdom has no WebAuthn: the passkey way needs a browser that has it.
    window.PublicKeyCredential = function PublicKeyCredential() {} as never;
    try {
      await changePassword();
      const dialog = await stepUpDialog();
      expect(await within(dialog).findByRole('button', { name: 'Use a passkey' })).toBeVisible();
      expect(within(dialog).queryByLabelText('Authenticator code')).toBeNull();
      expect(within(dialog).queryByRole('button', { name: 'Use a recovery code' })).toBeNull();
    } finally {
      delete (window as { PublicKeyCredential?: unknown }).PublicKeyCredential;
    }
  });

  it('leaves the change undone when the dialog is closed, and says why', async () => {
    const { calls } = renderPassword();
    await changePassword();
    const dialog = await stepUpDialog();
    await within(dialog).findByLabelText('Authenticator code');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "This change needs your second factor: confirm it's you, then try again.",
    );
    expect(calls.filter((call) => call.url === passwordUrl)).toHaveLength(1);
    expect(screen.getByLabelText('New password')).toHaveValue('a brand new secret');
  });

  it('asks before an address change too', async () => {
    const verified = { current: false };
    const { calls } = renderSignedIn(<EmailSection />, {
      handlers: {
        'POST /api/users/me/email': sensitive({ body: { success: true } }, verified),
        'GET /api/auth/2fa': { body: withApp() },
        'POST /api/auth/2fa/verify': stepUpHandler(verified),
      },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Change email address' }));
    await userEvent.type(screen.getByLabelText('New email address'), 'ada.new@example.com');
    await userEvent.type(screen.getByLabelText('Current password'), 'current secret');
    await userEvent.click(screen.getByRole('button', { name: 'Send confirmation link' }));
    const dialog = await stepUpDialog();
    await userEvent.type(await within(dialog).findByLabelText('Authenticator code'), '123456');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(/We sent a link to ada\.new@example\.com\./)).toBeVisible();
    // The dialog's form did not submit the address form beneath it a second time.
    expect(calls.filter((call) => call.url === '/api/users/me/email')).toHaveLength(2);
  });
});
