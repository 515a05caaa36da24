import { PASSWORD_MIN } from '@glimpse/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { MockResponse } from '../../test/fetch-mock.ts';
import { PasswordSection } from './PasswordSection.tsx';
import { renderSignedIn } from './test-utils.tsx';

const changeUrl = '/api/users/me/password';
const current = () => screen.getByLabelText('Current password');
const fresh = () => screen.getByLabelText('New password');

function renderPassword(answer: MockResponse = { body: { success: true } }) {
  return renderSignedIn(<PasswordSection />, {
    handlers: { 'PUT /api/users/me/password': answer },
  });
}

async function fillAndSubmit(currentPassword: string, newPassword: string) {
  if (currentPassword) await userEvent.type(current(), currentPassword);
  if (newPassword) await userEvent.type(fresh(), newPassword);
  await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
}

describe('PasswordSection', () => {
  it('changes the password and says every other device was signed out', async () => {
    const { calls, queryClient } = renderPassword();
    queryClient.setQueryData(['account', 'sessions'], []);
    expect(current()).toHaveAttribute('autocomplete', 'current-password');
    expect(fresh()).toHaveAttribute('autocomplete', 'new-password');
    await fillAndSubmit('old secret', 'a brand new secret');
    expect(
      await screen.findByText('Your password is changed. Every other device was signed out.'),
    ).toHaveRole('status');
    expect(calls.filter((call) => call.url === changeUrl).map((call) => call.body)).toEqual([
      { current_password: 'old secret', password: 'a brand new secret' },
    ]);
    expect(current()).toHaveValue('');
    expect(fresh()).toHaveValue('');
    // The devices list is asked again: the others are gone from it.
    expect(queryClient.getQueryState(['account', 'sessions'])?.isInvalidated).toBe(true);
  });

  it('checks both fields before asking the server', async () => {
    const { calls } = renderPassword();
    await fillAndSubmit('', 'short');
    expect(current()).toHaveAccessibleDescription('This field is required.');
    expect(fresh()).toHaveAccessibleDescription(
      `Too short: use at least ${PASSWORD_MIN} characters.`,
    );
    expect(current()).toHaveFocus();
    expect(calls.filter((call) => call.url === changeUrl)).toHaveLength(0);
  });

  it.each([
    [
      'password_incorrect',
      { err_key: 'password_incorrect' },
      'Current password',
      'The current password is not correct.',
    ],
    [
      'password_too_common (field named)',
      { err_key: 'password_too_common', errors: { password: ['password_too_common'] } },
      'New password',
      'This password is too easy to guess. Choose a less common one.',
    ],
  ])('puts %s under its field and moves focus there', async (_case, body, label, text) => {
    renderPassword({ status: 400, body });
    await fillAndSubmit('old secret', 'password1234');
    await waitFor(() => expect(screen.getByLabelText(label)).toHaveAccessibleDescription(text));
    expect(screen.getByLabelText(label)).toHaveFocus();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('shows rate_limited above the form and keeps what was typed', async () => {
    renderPassword({ status: 429, body: { err_key: 'rate_limited' } });
    await fillAndSubmit('old secret', 'a brand new secret');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many attempts. Please wait a moment and try again.',
    );
    expect(fresh()).toHaveValue('a brand new secret');
  });
});
