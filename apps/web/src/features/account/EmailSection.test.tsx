import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { MockResponse } from '../../test/fetch-mock.ts';
import { makeUser } from '../../test/fixtures.ts';
import { EmailSection } from './EmailSection.tsx';
import { renderSignedIn } from './test-utils.tsx';

const changeUrl = '/api/users/me/email';

function renderEmail({
  verified = true,
  change = { body: { success: true } } as MockResponse,
  resend = {},
} = {}) {
  return renderSignedIn(<EmailSection />, {
    user: makeUser({ email: 'ada@example.com', email_verified: verified }),
    handlers: { 'POST /api/users/me/email': change, 'POST /api/auth/email/resend': resend },
  });
}

const section = () => screen.getByRole('region', { name: 'Email address' });

async function openAndFill(email: string, password: string) {
  await userEvent.click(screen.getByRole('button', { name: 'Change email address' }));
  expect(screen.getByLabelText('New email address')).toHaveFocus();
  if (email) await userEvent.type(screen.getByLabelText('New email address'), email);
  if (password) await userEvent.type(screen.getByLabelText('Current password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Send confirmation link' }));
}

describe('EmailSection', () => {
  it('shows a confirmed address, with no resend', () => {
    renderEmail();
    expect(section()).toHaveTextContent('ada@example.com');
    expect(section()).toHaveTextContent('Confirmed');
    expect(screen.queryByRole('button', { name: 'Resend link' })).toBeNull();
  });

  it('shows an unconfirmed address with Resend, and what came of it', async () => {
    const { calls } = renderEmail({ verified: false, resend: { body: { success: true } } });
    expect(section()).toHaveTextContent('Not confirmed');
    await userEvent.click(within(section()).getByRole('button', { name: 'Resend link' }));
    expect(
      await within(section()).findByText('A new link is on its way to ada@example.com.'),
    ).toBeInTheDocument();
    expect(calls.filter((call) => call.url === '/api/auth/email/resend')).toHaveLength(1);
  });

  it('changes the address: a link goes to the new one, which the section says', async () => {
    const { calls } = renderEmail();
    await openAndFill('ada.new@example.com', 'current secret');
    const status = await within(section()).findByText(/We sent a link to ada\.new@example\.com\./);
    expect(status).toHaveTextContent(
      'Your address changes once you open it; until then, keep signing in with ada@example.com.',
    );
    expect(calls.filter((call) => call.url === changeUrl).map((call) => call.body)).toEqual([
      { email: 'ada.new@example.com', password: 'current secret' },
    ]);
    // The form closed; the address shown is still the old one, and focus is back on the button.
    expect(screen.queryByLabelText('New email address')).toBeNull();
    expect(section()).toHaveTextContent('ada@example.com');
    await vi.waitFor(() =>
      expect(screen.getByRole('button', { name: 'Change email address' })).toHaveFocus(),
    );
  });

  it('checks the fields before asking the server, the same address included', async () => {
    const { calls } = renderEmail();
    await openAndFill('', '');
    expect(screen.getByLabelText('New email address')).toHaveAccessibleDescription(
      'This field is required.',
    );
    expect(screen.getByLabelText('Current password')).toHaveAccessibleDescription(
      'This field is required.',
    );
    expect(screen.getByLabelText('New email address')).toHaveFocus();
    await userEvent.type(screen.getByLabelText('New email address'), 'ADA@example.com');
    await userEvent.type(screen.getByLabelText('Current password'), 'secret');
    await userEvent.click(screen.getByRole('button', { name: 'Send confirmation link' }));
    expect(screen.getByLabelText('New email address')).toHaveAccessibleDescription(
      'This is already your email address.',
    );
    await userEvent.clear(screen.getByLabelText('New email address'));
    await userEvent.type(screen.getByLabelText('New email address'), 'ada@');
    await userEvent.click(screen.getByRole('button', { name: 'Send confirmation link' }));
    expect(screen.getByLabelText('New email address')).toHaveAccessibleDescription(
      'Enter a valid email address.',
    );
    expect(calls.filter((call) => call.url === changeUrl)).toHaveLength(0);
  });

  it.each([
    ['password_incorrect', 400, 'Current password', 'The current password is not correct.'],
    ['email_taken', 409, 'New email address', 'An account with this email already exists.'],
    ['email_unchanged', 400, 'New email address', 'This is already your email address.'],
  ])('puts %s under its field and moves focus there', async (errKey, status, label, text) => {
    renderEmail({ change: { status, body: { err_key: errKey } } });
    await openAndFill('ada.new@example.com', 'wrong secret');
    await vi.waitFor(() => expect(screen.getByLabelText(label)).toHaveAccessibleDescription(text));
    expect(screen.getByLabelText(label)).toHaveFocus();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows rate_limited above the form, and Cancel closes it', async () => {
    renderEmail({ change: { status: 429, body: { err_key: 'rate_limited' } } });
    await openAndFill('ada.new@example.com', 'secret');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many attempts. Please wait a moment and try again.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByLabelText('New email address')).toBeNull();
  });
});
