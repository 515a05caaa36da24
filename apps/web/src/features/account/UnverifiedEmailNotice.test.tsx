import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { MockResponse } from '../../test/fetch-mock.ts';
import { makeUser } from '../../test/fixtures.ts';
import { renderSignedIn } from './test-utils.tsx';
import { UnverifiedEmailNotice } from './UnverifiedEmailNotice.tsx';

function renderNotice(verified: boolean, resend: MockResponse = { body: { success: true } }) {
  return renderSignedIn(<UnverifiedEmailNotice />, {
    user: makeUser({ email: 'ada@example.com', email_verified: verified }),
    handlers: { 'POST /api/auth/email/resend': resend },
  });
}

const notice = () => screen.findByRole('region', { name: 'Confirm your email address' });
const resendButton = () => screen.getByRole('button', { name: 'Resend link' });

describe('UnverifiedEmailNotice', () => {
  it('shows nothing for a confirmed address', async () => {
    renderNotice(true);
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByRole('region', { name: 'Confirm your email address' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Resend link' })).toBeNull();
  });

  it('asks to confirm the address, and resends the link: sending, then sent', async () => {
    let answer: (() => void) | undefined;
    const { calls } = renderSignedIn(<UnverifiedEmailNotice />, {
      user: makeUser({ email: 'ada@example.com', email_verified: false }),
      handlers: {
        'POST /api/auth/email/resend': () =>
          new Promise((resolve) => {
            answer = () => resolve({ body: { success: true } });
          }),
      },
    });
    expect(await notice()).toHaveTextContent(
      'Paying and earning need a confirmed address: open the link in our mail to ada@example.com, or have a new one sent.',
    );
    await userEvent.click(resendButton());
    expect(screen.getByRole('button', { name: 'Sending…' })).toBeDisabled();
    answer?.();
    expect(await screen.findByText('A new link is on its way to ada@example.com.')).toHaveRole(
      'status',
    );
    expect(resendButton()).toBeEnabled();
    expect(calls.filter((call) => call.url === '/api/auth/email/resend')).toHaveLength(1);
  });

  it('says rate_limited and lets the person try again later', async () => {
    renderNotice(false, { status: 429, body: { err_key: 'rate_limited' } });
    await notice();
    await userEvent.click(resendButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many attempts. Please wait a moment and try again.',
    );
    expect(resendButton()).toBeEnabled();
  });

  it('turns into "already confirmed" when the server says so, and the cache learns it', async () => {
    const { queryClient } = renderNotice(false, {
      status: 409,
      body: { err_key: 'email_already_verified' },
    });
    await notice();
    await userEvent.click(resendButton());
    expect(await screen.findByText('Your address is already confirmed.')).toHaveRole('status');
    expect(screen.queryByRole('button', { name: 'Resend link' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(queryClient.getQueryData(['me'])).toMatchObject({ email_verified: true });
  });
});
