import type { TwoFactorState } from '@glimpse/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MockResponse, RecordedCall } from '../../test/fetch-mock.ts';
import { makeUser } from '../../test/fixtures.ts';
import { renderSignedIn } from './test-utils.tsx';
import { TwoFactorSection } from './TwoFactorSection.tsx';
import {
  makePasskey,
  makeTwoFactorState,
  sensitive,
  stepUpHandler,
  withApp,
} from './two-factor-test-utils.ts';

// The dialogs are lazy chunks: loaded up front, a cold import is slow on a loaded runner.
beforeAll(async () => {
  await Promise.all([
    import('./second-factor/SecondFactorDialog.tsx'),
    import('./two-factor/TotpSetupDialog.tsx'),
    import('./two-factor/ConfirmChangeDialog.tsx'),
  ]);
}, 60_000);

afterEach(() => {
  delete (window as { PublicKeyCredential?: unknown }).PublicKeyCredential;
});

const CODES = Array.from({ length: 10 }, (_, index) => `code${index}-abcde`);
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

type Handler = MockResponse | ((call: RecordedCall) => MockResponse);

/** The section with the server's state in `server.state`, which handlers may change. */
function renderSection(initial: TwoFactorState, handlers: Record<string, Handler> = {}) {
  const server = { state: initial };
  const rendered = renderSignedIn(<TwoFactorSection />, {
    user: makeUser({ two_factor_enabled: initial.enabled }),
    handlers: { 'GET /api/auth/2fa': () => ({ body: server.state }), ...handlers },
  });
  return { ...rendered, server };
}

const section = () => screen.getByRole('region', { name: 'Two-factor authentication' });
const callsTo = (calls: RecordedCall[], method: string, url: string) =>
  calls.filter((call) => call.method === method && call.url === url);

describe('TwoFactorSection, off', () => {
  it('says what it is for, with the ways to start', async () => {
    renderSection(makeTwoFactorState());
    expect(await within(section()).findByText('Off')).toBeVisible();
    expect(section()).toHaveTextContent(/Someone who learns your password still cannot sign in/);
    expect(
      within(section()).getByRole('button', { name: 'Set up an authenticator app' }),
    ).toBeEnabled();
    expect(within(section()).getByText('No passkeys yet.')).toBeVisible();
    // jsdom has no WebAuthn: no passkey button where a browser cannot make one.
    expect(within(section()).getByText('This browser cannot create passkeys.')).toBeVisible();
    expect(within(section()).queryByRole('region', { name: 'Recovery codes' })).toBeNull();
    expect(
      within(section()).queryByRole('button', { name: 'Turn off two-factor authentication' }),
    ).toBeNull();
  });

  it('sets up the authenticator app, then shows the ten recovery codes once', async () => {
    const { calls, server, queryClient } = renderSection(makeTwoFactorState(), {
      'POST /api/auth/2fa/totp/setup': {
        body: {
          secret: SECRET,
          otpauth_url: `otpauth://totp/Glimpse:ada%40example.com?secret=${SECRET}&issuer=Glimpse`,
        },
      },
      'POST /api/auth/2fa/totp/enable': (call) => {
        if ((call.body as { code: string }).code !== '123456') {
          return { status: 400, body: { err_key: 'code_invalid' } };
        }
        server.state = withApp();
        return { body: { recovery_codes: CODES } };
      },
    });
    const clipboard = vi.fn(async (_text: string) => undefined);
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: clipboard },
      configurable: true,
    });
    await userEvent.click(
      await within(section()).findByRole('button', { name: 'Set up an authenticator app' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Set up an authenticator app' });
    const qr = within(dialog).getByRole('img', {
      name: 'QR code that adds your Glimpse account to an authenticator app',
    });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    // The key to type when the camera cannot scan, in groups of four.
    expect(within(dialog).getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Copy setup key' }));
    expect(clipboard).toHaveBeenCalledWith(SECRET);

    const code = within(dialog).getByLabelText('Authenticator code');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await userEvent.type(code, '654321{Enter}');
    await waitFor(() =>
      expect(code).toHaveAccessibleDescription(expect.stringContaining('That code is not right')),
    );
    await userEvent.type(code, '123456{Enter}');

    const panel = await within(section()).findByRole('region', {
      name: 'Save your recovery codes',
    });
    await waitFor(() =>
      expect(
        within(panel).getByRole('heading', { name: 'Save your recovery codes' }),
      ).toHaveFocus(),
    );
    const list = within(panel).getByRole('list', { name: 'Your new recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(CODES);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await screen.findByText('The authenticator app is on.')).toBeVisible();
    expect(callsTo(calls, 'POST', '/api/auth/2fa/totp/enable').map((c) => c.body)).toEqual([
      { code: '654321' },
      { code: '123456' },
    ]);

    // Copy and download carry every code, with whose they are.
    await userEvent.click(within(panel).getByRole('button', { name: 'Copy codes' }));
    const copied = clipboard.mock.calls.at(-1)?.[0] ?? '';
    expect(copied).toContain('Glimpse recovery codes for ada@example.com');
    for (const each of CODES) expect(copied).toContain(each);
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:codes';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const click = vi
      .spyOn(HTMLAnchorElement.prototype, 'click')
      .mockImplementation(() => undefined);
    await userEvent.click(within(panel).getByRole('button', { name: 'Download as .txt' }));
    expect(click).toHaveBeenCalledTimes(1);
    expect(click.mock.contexts[0]).toHaveProperty('download', 'glimpse-recovery-codes.txt');
    expect(await blobs[0]?.text()).toBe(copied);

    // Saved: gone for good, and the section says it is on.
    await userEvent.click(within(panel).getByRole('button', { name: 'I saved them' }));
    expect(
      within(section()).queryByRole('region', { name: 'Save your recovery codes' }),
    ).toBeNull();
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Two-factor authentication' })).toHaveFocus(),
    );
    expect(await within(section()).findByText('On')).toBeVisible();
    expect(within(section()).getByText('10 recovery codes left.', { exact: false })).toBeVisible();
    // The wallet's banner reads this: it follows the server's state.
    expect(queryClient.getQueryData(['me'])).toMatchObject({ two_factor_enabled: true });
  });

  it('starts the setup again when it ran out', async () => {
    let secrets = 0;
    renderSection(makeTwoFactorState(), {
      'POST /api/auth/2fa/totp/setup': () => {
        secrets += 1;
        const secret = secrets === 1 ? SECRET : 'KRSXG5CTMVRXEZLU';
        return { body: { secret, otpauth_url: `otpauth://totp/Glimpse?secret=${secret}` } };
      },
      'POST /api/auth/2fa/totp/enable': {
        status: 409,
        body: { err_key: 'totp_setup_required' },
      },
    });
    await userEvent.click(
      await within(section()).findByRole('button', { name: 'Set up an authenticator app' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Set up an authenticator app' });
    await userEvent.type(within(dialog).getByLabelText('Authenticator code'), '123456{Enter}');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Set up the authenticator app first: start again to get a new QR code.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Start again' }));
    expect(await within(dialog).findByText('KRSX G5CT MVRX EZLU')).toBeVisible();
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });
});

describe('TwoFactorSection, on', () => {
  it('lists the passkeys and removes one after the step-up', async () => {
    const phone = makePasskey({ name: 'Pixel 9', last_used_at: new Date().toISOString() });
    const laptop = makePasskey({ name: 'MacBook' });
    const verified = { current: false };
    const { calls, server } = renderSection(withApp({ passkeys: [phone, laptop] }), {
      [`DELETE /api/auth/2fa/passkeys/${laptop.id}`]: () => {
        const answer = sensitive({ status: 204 }, verified)();
        if (answer.status === 204) server.state = withApp({ passkeys: [phone] });
        return answer;
      },
      'POST /api/auth/2fa/verify': stepUpHandler(verified),
    });
    const list = await within(section()).findByRole('list', { name: 'Your passkeys' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(list).toHaveTextContent('Added Jan 15, 2026');
    await userEvent.click(within(list).getByRole('button', { name: 'Remove passkey MacBook' }));
    const confirm = await screen.findByRole('alertdialog', {
      name: 'Remove the passkey “MacBook”?',
    });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Remove' }));
    const stepUp = await screen.findByRole('dialog', { name: "Confirm it's you" });
    await userEvent.type(
      await within(stepUp).findByLabelText('Authenticator code'),
      '123456{Enter}',
    );
    expect(await screen.findByText('The passkey “MacBook” is removed.')).toBeVisible();
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(callsTo(calls, 'DELETE', `/api/auth/2fa/passkeys/${laptop.id}`)).toHaveLength(2);
  });

  it('keeps the confirmation when the step-up is closed, and changes nothing', async () => {
    const { calls } = renderSection(withApp(), {
      'DELETE /api/auth/2fa': { status: 403, body: { err_key: 'second_factor_required' } },
    });
    await userEvent.click(
      await within(section()).findByRole('button', { name: 'Turn off two-factor authentication' }),
    );
    const confirm = await screen.findByRole('alertdialog', {
      name: 'Turn off two-factor authentication?',
    });
    expect(confirm).toHaveAccessibleDescription(
      'Your authenticator app, passkeys and recovery codes are removed. Signing in then needs only your password.',
    );
    await userEvent.click(within(confirm).getByRole('button', { name: 'Turn off' }));
    const stepUp = await screen.findByRole('dialog', { name: "Confirm it's you" });
    await within(stepUp).findByLabelText('Authenticator code');
    await userEvent.click(within(stepUp).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const stillAsking = screen.getByRole('alertdialog');
    await userEvent.click(within(stillAsking).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(callsTo(calls, 'DELETE', '/api/auth/2fa')).toHaveLength(1);
    expect(within(section()).getByText('On')).toBeVisible();
  });

  it('turns it off after the step-up', async () => {
    const verified = { current: false };
    const { server, queryClient } = renderSection(withApp(), {
      'DELETE /api/auth/2fa': () => {
        const answer = sensitive({ status: 204 }, verified)();
        if (answer.status === 204) server.state = makeTwoFactorState();
        return answer;
      },
      'POST /api/auth/2fa/verify': stepUpHandler(verified),
    });
    await userEvent.click(
      await within(section()).findByRole('button', { name: 'Turn off two-factor authentication' }),
    );
    const confirm = await screen.findByRole('alertdialog');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Turn off' }));
    const stepUp = await screen.findByRole('dialog', { name: "Confirm it's you" });
    await userEvent.click(
      await within(stepUp).findByRole('button', { name: 'Use a recovery code' }),
    );
    await userEvent.type(within(stepUp).getByLabelText('Recovery code'), 'abcde 12345{Enter}');
    expect(await screen.findByText('Two-factor authentication is off.')).toBeVisible();
    expect(await within(section()).findByText('Off')).toBeVisible();
    expect(queryClient.getQueryData(['me'])).toMatchObject({ two_factor_enabled: false });
  });

  it('gets new recovery codes and shows them once', async () => {
    const verified = { current: true };
    renderSection(withApp({ recovery_codes_left: 2 }), {
      'POST /api/auth/2fa/recovery-codes': sensitive({ body: { recovery_codes: CODES } }, verified),
    });
    expect(
      await within(section()).findByText('You are running out of recovery codes: get new ones.'),
    ).toBeVisible();
    expect(within(section()).getByText(/2 recovery codes left\./)).toBeVisible();
    await userEvent.click(
      within(section()).getByRole('button', { name: 'Get new recovery codes' }),
    );
    const confirm = await screen.findByRole('alertdialog', { name: 'Get new recovery codes?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Get new codes' }));
    const panel = await within(section()).findByRole('region', {
      name: 'Save your recovery codes',
    });
    expect(within(panel).getAllByRole('listitem')).toHaveLength(10);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('removes the authenticator app', async () => {
    const { calls, server } = renderSection(withApp({ passkeys: [makePasskey()] }), {
      'DELETE /api/auth/2fa/totp': () => {
        server.state = withApp({ totp: false, passkeys: server.state.passkeys });
        return { status: 204 };
      },
    });
    await userEvent.click(
      await within(section()).findByRole('button', { name: 'Remove authenticator app' }),
    );
    const confirm = await screen.findByRole('alertdialog', {
      name: 'Remove the authenticator app?',
    });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Remove' }));
    // A snackbar is in the page a moment before it shows (sonner fades it in once mounted).
    await waitFor(() =>
      expect(screen.getByText('The authenticator app is removed.')).toBeVisible(),
    );
    expect(
      await within(section()).findByRole('button', { name: 'Set up an authenticator app' }),
    ).toBeVisible();
    expect(callsTo(calls, 'DELETE', '/api/auth/2fa/totp')).toHaveLength(1);
  });
});

describe('TwoFactorSection, failing', () => {
  it('says the state could not be loaded, and tries again', async () => {
    let asked = 0;
    renderSection(makeTwoFactorState(), {
      'GET /api/auth/2fa': () => {
        asked += 1;
        return asked === 1
          ? { status: 500, body: { err_key: 'internal_error' } }
          : { body: makeTwoFactorState() };
      },
    });
    expect(await within(section()).findByRole('alert')).toHaveTextContent(
      'Two-factor authentication could not be loaded.',
    );
    await userEvent.click(within(section()).getByRole('button', { name: 'Try again' }));
    expect(await within(section()).findByText('Off')).toBeVisible();
  });
});
