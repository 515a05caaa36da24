import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MockResponse } from '../../test/fetch-mock.ts';
import { makeUser } from '../../test/fixtures.ts';
import { sessionEndedOnPurpose } from '../auth/index.ts';
import { DeleteAccountSection } from './DeleteAccountSection.tsx';
import { DeletionScheduledNotice } from './DeletionScheduledNotice.tsx';
import { renderSignedIn } from './test-utils.tsx';
import { sensitive, stepUpHandler, withApp } from './two-factor-test-utils.ts';

// The dialogs are lazy chunks: loaded up front, a cold import is slow on a loaded runner.
beforeAll(async () => {
  await Promise.all([
    import('./DeleteAccountDialog.tsx'),
    import('./DeletionBanner.tsx'),
    import('./second-factor/SecondFactorDialog.tsx'),
  ]);
}, 60_000);

const deletionUrl = '/api/users/me/deletion';
const DELETES_AT = '2031-06-06T10:00:00.000Z';
const longDate = (iso: string) =>
  new Intl.DateTimeFormat('en', { dateStyle: 'long' }).format(new Date(iso));

function renderSection(
  answer: MockResponse | (() => MockResponse) = { body: { deletes_at: DELETES_AT } },
) {
  return renderSignedIn(<DeleteAccountSection />, {
    handlers: { [`POST ${deletionUrl}`]: answer },
  });
}

async function openDialog() {
  await userEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
  return screen.findByRole('alertdialog', { name: 'Delete your account?' });
}

async function confirmWith(dialog: HTMLElement, password: string) {
  if (password) await userEvent.type(within(dialog).getByLabelText('Password'), password);
  await userEvent.click(within(dialog).getByRole('button', { name: 'Delete account' }));
}

describe('DeleteAccountSection', () => {
  it('says what deleting does, asks for the password, then when the account goes', async () => {
    window.localStorage.setItem('glimpse.signedIn', '1');
    const { calls, queryClient } = renderSection();
    const section = screen.getByRole('region', { name: 'Delete account' });
    expect(section).toHaveTextContent('erases it after 30 days');
    expect(sessionEndedOnPurpose(queryClient)).toBe(false);

    const dialog = await openDialog();
    expect(within(dialog).getByRole('heading', { name: 'What happens' })).toBeVisible();
    const points = within(dialog)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(points).toEqual([
      expect.stringContaining('nobody can find or see your profile'),
      expect.stringMatching(/^On .+ your name, email address, profile, pictures and stories/),
      expect.stringContaining('shown as from a deleted account'),
      expect.stringContaining('not renewed'),
      expect.stringContaining('is forfeited'),
    ]);
    expect(within(dialog).getByLabelText('Password')).toHaveAttribute(
      'autocomplete',
      'current-password',
    );

    await confirmWith(dialog, 'my secret');
    const done = await screen.findByRole('alertdialog', { name: 'Your account will be deleted' });
    expect(done).toHaveAccessibleDescription(
      expect.stringContaining(`will be erased on ${longDate(DELETES_AT)}`),
    );
    expect(within(done).getByRole('button', { name: 'Go to sign-in' })).toBeVisible();
    expect(calls.filter((call) => call.url === deletionUrl).map((call) => call.body)).toEqual([
      { password: 'my secret' },
    ]);
    // Every session ended: the next page load does not take this browser for signed in, and
    // this one's requests answered 401 meanwhile do not take the answer away (query-client.ts).
    expect(window.localStorage.getItem('glimpse.signedIn')).toBeNull();
    expect(sessionEndedOnPurpose(queryClient)).toBe(true);
  });

  it('asks for the password before asking the server', async () => {
    const { calls } = renderSection();
    const dialog = await openDialog();
    await confirmWith(dialog, '');
    const password = within(dialog).getByLabelText('Password');
    expect(password).toHaveAccessibleDescription('This field is required.');
    expect(password).toHaveFocus();
    expect(calls.filter((call) => call.url === deletionUrl)).toHaveLength(0);
  });

  it('puts a wrong password under its field; too many tries above the form', async () => {
    let answer: MockResponse = { status: 400, body: { err_key: 'password_incorrect' } };
    renderSection(() => answer);
    const dialog = await openDialog();
    await confirmWith(dialog, 'not it');
    const password = within(dialog).getByLabelText('Password');
    await waitFor(() =>
      expect(password).toHaveAccessibleDescription('The current password is not correct.'),
    );
    expect(password).toHaveFocus();

    answer = { status: 429, body: { err_key: 'rate_limited' } };
    await confirmWith(dialog, ' again');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Too many attempts. Please wait a moment and try again.',
    );
    expect(screen.queryByRole('alertdialog', { name: 'Your account will be deleted' })).toBeNull();
  });

  it('asks for the second factor when the server wants it, then deletes', async () => {
    const verified = { current: false };
    const { calls } = renderSignedIn(<DeleteAccountSection />, {
      handlers: {
        [`POST ${deletionUrl}`]: sensitive({ body: { deletes_at: DELETES_AT } }, verified),
        'GET /api/auth/2fa': { body: withApp() },
        'POST /api/auth/2fa/verify': stepUpHandler(verified),
      },
    });
    const dialog = await openDialog();
    await confirmWith(dialog, 'my secret');
    const stepUp = await screen.findByRole('dialog', { name: "Confirm it's you" });
    await userEvent.type(
      await within(stepUp).findByLabelText('Authenticator code'),
      '123456{Enter}',
    );
    expect(
      await screen.findByRole('alertdialog', { name: 'Your account will be deleted' }),
    ).toBeVisible();
    // Refused once, then made with the same password.
    expect(calls.filter((call) => call.url === deletionUrl).map((call) => call.body)).toEqual([
      { password: 'my secret' },
      { password: 'my secret' },
    ]);
  });

  it('says clearly that the second factor is needed when it is not given', async () => {
    renderSignedIn(<DeleteAccountSection />, {
      handlers: {
        [`POST ${deletionUrl}`]: { status: 403, body: { err_key: 'second_factor_required' } },
        'GET /api/auth/2fa': { body: withApp() },
      },
    });
    const dialog = await openDialog();
    await confirmWith(dialog, 'my secret');
    const stepUp = await screen.findByRole('dialog', { name: "Confirm it's you" });
    await userEvent.click(within(stepUp).getByRole('button', { name: 'Close' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      "This change needs your second factor: confirm it's you, then try again.",
    );
  });

  it('while a deletion is pending, says when and keeps the account on request', async () => {
    const { calls } = renderSignedIn(<DeleteAccountSection />, {
      user: makeUser({ deletion_scheduled_for: DELETES_AT }),
      handlers: { [`DELETE ${deletionUrl}`]: { body: { success: true } } },
    });
    const section = screen.getByRole('region', { name: 'Delete account' });
    expect(
      await within(section).findByRole('heading', {
        name: `Your account will be deleted on ${longDate(DELETES_AT)}`,
      }),
    ).toBeVisible();
    expect(within(section).queryByRole('button', { name: 'Delete my account' })).toBeNull();
    await userEvent.click(within(section).getByRole('button', { name: 'Keep my account' }));
    expect(await within(section).findByRole('status')).toHaveTextContent(
      'Your account is kept and shows again.',
    );
    expect(within(section).getByRole('button', { name: 'Delete my account' })).toBeVisible();
    expect(calls.filter((call) => call.url === deletionUrl).map((call) => call.method)).toEqual([
      'DELETE',
    ]);
  });
});

describe('DeletionScheduledNotice', () => {
  it('shows nothing for an account that is not being deleted', () => {
    renderSignedIn(<DeletionScheduledNotice />, {});
    expect(screen.queryByRole('region')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('keeps the account from the banner; an error is shown, a cancel done elsewhere counts', async () => {
    let answer: MockResponse = { status: 500, body: { err_key: 'internal_error' } };
    const { queryClient } = renderSignedIn(<DeletionScheduledNotice />, {
      user: makeUser({ deletion_scheduled_for: DELETES_AT }),
      handlers: { [`DELETE ${deletionUrl}`]: () => answer },
    });
    const banner = await screen.findByRole('region', {
      name: `Your account will be deleted on ${longDate(DELETES_AT)}`,
    });
    await userEvent.click(within(banner).getByRole('button', { name: 'Keep my account' }));
    expect(await within(banner).findByRole('alert')).not.toBeEmptyDOMElement();

    answer = { status: 409, body: { err_key: 'deletion_not_requested' } };
    await userEvent.click(within(banner).getByRole('button', { name: 'Keep my account' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Your account is kept and shows again.',
    );
    expect(queryClient.getQueryData<{ deletion_scheduled_for: string | null }>(['me'])).toEqual(
      expect.objectContaining({ deletion_scheduled_for: null }),
    );
  });
});
