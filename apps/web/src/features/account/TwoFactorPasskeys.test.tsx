import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RecordedCall } from '../../test/fetch-mock.ts';
import { installFakeAuthenticator } from '../second-factor/test/fake-authenticator.ts';
import { PasswordSection } from './PasswordSection.tsx';
import { renderSignedIn } from './test-utils.tsx';
import { TwoFactorSection } from './TwoFactorSection.tsx';
import {
  makePasskey,
  makeTwoFactorState,
  sensitive,
  stepUpHandler,
  withApp,
} from './two-factor-test-utils.ts';

const creation = {
  challenge: 'bmV3',
  rp: { name: 'Glimpse', id: 'localhost' },
  user: { id: 'dXNlci0x', name: 'ada@example.com', displayName: 'Ada' },
  pubKeyCredParams: [{ type: 'public-key', alg: -7 }],
};
const request = { challenge: 'c3RlcA', rpId: 'localhost', allowCredentials: [] };
const registration = {
  id: 'Y3JlZC0y',
  rawId: 'Y3JlZC0y',
  type: 'public-key' as const,
  response: { clientDataJSON: 'e30', attestationObject: 'YXR0', transports: ['internal'] },
  clientExtensionResults: {},
};
const assertion = {
  id: 'Y3JlZC0x',
  rawId: 'Y3JlZC0x',
  type: 'public-key' as const,
  response: { clientDataJSON: 'e30', authenticatorData: 'YXV0aA', signature: 'c2ln' },
  clientExtensionResults: {},
};
const CODES = Array.from({ length: 10 }, (_, index) => `pass${index}-12345`);

// The dialogs and the passkey library (passkeys.ts loads it on first use) are lazy chunks: load
// them once up front, so no test waits on them.
beforeAll(async () => {
  await Promise.all([
    import('./second-factor/SecondFactorDialog.tsx'),
    import('./two-factor/AddPasskeyDialog.tsx'),
    import('@simplewebauthn/browser'),
  ]);
}, 60_000);

let authenticator: ReturnType<typeof installFakeAuthenticator>;
beforeEach(() => {
  authenticator = installFakeAuthenticator();
});

/** What the browser asked the authenticator for: the server's options, as they came. */
const created = { kind: 'create', publicKey: creation };
const asked = { kind: 'get', publicKey: { challenge: request.challenge, rpId: request.rpId } };

const section = () => screen.getByRole('region', { name: 'Two-factor authentication' });
const registered = (calls: RecordedCall[]) =>
  calls.filter((call) => call.method === 'POST' && call.url === '/api/auth/2fa/passkeys');

async function addPasskey(name: string) {
  await userEvent.click(await within(section()).findByRole('button', { name: 'Add a passkey' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add a passkey' });
  if (name) await userEvent.type(within(dialog).getByLabelText('Name (optional)'), name);
  await userEvent.click(within(dialog).getByRole('button', { name: 'Create passkey' }));
  return dialog;
}

describe('adding a passkey', () => {
  it('creates the first one and shows the recovery codes it brought', async () => {
    authenticator.answerWith(registration);
    const server = { state: makeTwoFactorState() };
    const { calls } = renderSignedIn(<TwoFactorSection />, {
      handlers: {
        'GET /api/auth/2fa': () => ({ body: server.state }),
        'POST /api/auth/2fa/passkeys/options': { body: creation },
        'POST /api/auth/2fa/passkeys': () => {
          const passkey = makePasskey({ name: 'My phone' });
          server.state = makeTwoFactorState({
            enabled: true,
            passkeys: [passkey],
            recovery_codes_left: 10,
          });
          return { status: 201, body: { passkey, recovery_codes: CODES } };
        },
      },
    });
    await addPasskey('My phone');
    expect(
      await within(section()).findByRole('region', { name: 'Save your recovery codes' }),
    ).toBeVisible();
    expect(authenticator.requests).toEqual([created]);
    expect(registered(calls).map((call) => call.body)).toEqual([
      { name: 'My phone', passkey: registration },
    ]);
    expect(await screen.findByText('The passkey is added.')).toBeVisible();
    expect(screen.queryByRole('dialog')).toBeNull();
    const list = await within(section()).findByRole('list', { name: 'Your passkeys' });
    expect(list).toHaveTextContent('My phone');
  });

  it('asks for the second factor before the browser’s prompt when one is due', async () => {
    authenticator.answerWith(registration);
    const verified = { current: false };
    const { calls } = renderSignedIn(<TwoFactorSection />, {
      handlers: {
        'GET /api/auth/2fa': { body: withApp() },
        'POST /api/auth/2fa/passkeys/options': sensitive({ body: creation }, verified),
        'POST /api/auth/2fa/passkeys': sensitive(
          { status: 201, body: { passkey: makePasskey(), recovery_codes: [] } },
          verified,
        ),
        'POST /api/auth/2fa/verify': stepUpHandler(verified),
      },
    });
    await addPasskey('');
    const stepUp = await screen.findByRole('dialog', { name: "Confirm it's you" });
    expect(authenticator.requests).toEqual([]);
    await userEvent.type(await within(stepUp).findByLabelText('Authenticator code'), '123456');
    await userEvent.click(within(stepUp).getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(authenticator.requests).toEqual([created]);
    // No name given: none sent. No new codes for an account that had them: no panel.
    expect(registered(calls).map((call) => call.body)).toEqual([{ passkey: registration }]);
    expect(
      within(section()).queryByRole('region', { name: 'Save your recovery codes' }),
    ).toBeNull();
  });

  it.each([
    // The browser's refusals: the prompt closed, or an authenticator that holds one already.
    [
      'the prompt was closed',
      'NotAllowedError',
      'The passkey prompt was closed or timed out. Nothing was added.',
    ],
    [
      'the device has one already',
      'InvalidStateError',
      'This device already has a passkey for your account.',
    ],
  ])('says so when %s', async (_case, refusal, text) => {
    authenticator.refuseWith(refusal);
    const { calls } = renderSignedIn(<TwoFactorSection />, {
      handlers: {
        'GET /api/auth/2fa': { body: makeTwoFactorState() },
        'POST /api/auth/2fa/passkeys/options': { body: creation },
      },
    });
    const dialog = await addPasskey('Laptop');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(text);
    expect(registered(calls)).toHaveLength(0);
    expect(within(dialog).getByRole('button', { name: 'Create passkey' })).toBeEnabled();
  });
});

describe('the step-up with a passkey', () => {
  it('answers the step-up’s challenge, then makes the change', async () => {
    authenticator.answerWith(assertion);
    const verified = { current: false };
    const { calls } = renderSignedIn(<PasswordSection />, {
      handlers: {
        'PUT /api/users/me/password': sensitive({ body: { success: true } }, verified),
        'GET /api/auth/2fa': { body: withApp({ passkeys: [makePasskey()] }) },
        'POST /api/auth/2fa/verify/passkey-options': { body: request },
        'POST /api/auth/2fa/verify': stepUpHandler(verified),
      },
    });
    await userEvent.type(screen.getByLabelText('Current password'), 'old secret');
    await userEvent.type(screen.getByLabelText('New password'), 'a brand new secret');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    const stepUp = await screen.findByRole('dialog', { name: "Confirm it's you" });
    await userEvent.click(await within(stepUp).findByRole('button', { name: 'Use a passkey' }));
    expect(
      await screen.findByText('Your password is changed. Every other device was signed out.'),
    ).toBeInTheDocument();
    expect(authenticator.requests).toMatchObject([asked]);
    await waitFor(() =>
      expect(
        calls.filter((call) => call.url === '/api/auth/2fa/verify').map((call) => call.body),
      ).toEqual([{ passkey: assertion }]),
    );
  });
});
