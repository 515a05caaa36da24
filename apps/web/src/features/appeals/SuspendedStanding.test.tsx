import type { AccountStanding } from '@glimpse/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '../../test/fetch-mock.ts';
import { renderScreen } from '../../test/render.tsx';
import { SignInScreen } from '../auth/SignInScreen.tsx';
import { SuspensionAppealScreen } from './SuspensionAppealScreen.tsx';

const TOKEN = '7.1893456000000.c2lnbmF0dXJlLW9mLXRoZS10b2tlbi1pbi10aGlzLXRlc3Q';

const standing: AccountStanding = {
  suspended: true,
  suspended_until: '2031-05-04T09:30:00.000Z',
  suspension_note: 'Repeated spam in paid messages.',
  payouts_held: false,
  warnings: [{ note: 'Spam in comments.', created_at: '2031-04-01T10:00:00.000Z' }],
  removed: [
    {
      kind: 'story',
      id: 31,
      note: 'Spam link in the caption.',
      created_at: '2031-04-20T10:00:00.000Z',
      excerpt: { text: 'Best deals at spam.example', media: 'video' },
      appeal: null,
    },
  ],
};

function signInSuspended() {
  renderScreen(<SignInScreen />, {
    path: '/sign-in',
    pattern: '/sign-in',
    extraRoutes: [{ path: '/appeal', element: <SuspensionAppealScreen /> }],
  });
}

async function submitSignIn() {
  await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
  await userEvent.type(screen.getByLabelText('Password'), 'secret password');
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('a suspended account’s standing, without a session', () => {
  it('opens from the refused sign-in with its token: why, until when, removed content, appeals', async () => {
    const { calls } = mockFetch({
      'POST /api/auth/login': {
        status: 403,
        body: {
          err_key: 'account_suspended',
          err_msg: { until: standing.suspended_until },
          standing_token: TOKEN,
        },
      },
      'POST /api/account/standing/suspended': { body: standing },
      'POST /api/appeals/suspended': { status: 201, body: { success: true, appeal_id: 9 } },
    });
    signInSuspended();
    await submitSignIn();
    expect(await screen.findByRole('alert')).toHaveTextContent(/suspended until May 4, 2031/);
    await userEvent.click(
      screen.getByRole('link', { name: 'See why your account is suspended, and appeal' }),
    );

    expect(
      await screen.findByRole('heading', { level: 1, name: "Your account's standing" }),
    ).toBeVisible();
    expect(await screen.findByText('Your account is suspended until May 4, 2031.')).toBeVisible();
    expect(
      screen.getByText("The moderators' reason: Repeated spam in paid messages."),
    ).toBeVisible();
    expect(screen.getByText('Spam in comments.')).toBeVisible();
    const removed = screen.getByRole('region', { name: 'Removed content' });
    expect(within(removed).getByText('Spam link in the caption.')).toBeVisible();
    expect(within(removed).getByRole('figure', { name: 'What it was' })).toHaveTextContent(
      'Video: Best deals at spam.example',
    );
    // No password asked again: the sign-in proved it, the token carries it.
    expect(screen.queryByLabelText('Password')).toBeNull();

    // The item's appeal and the suspension's go with the token.
    await userEvent.click(within(removed).getByRole('button', { name: 'Appeal' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Why should it come back?'), 'No link.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send appeal' }));
    await userEvent.type(
      screen.getByLabelText('Why should the suspension be lifted?'),
      'It was a friend’s joke.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Send appeal' }));
    expect(await screen.findByText(/Appeal sent\. We will email you the outcome/)).toBeVisible();
    expect(calls.filter((call) => call.url === '/api/account/standing/suspended')[0]?.body).toEqual(
      { standing_token: TOKEN },
    );
    expect(
      calls.filter((call) => call.url === '/api/appeals/suspended').map((call) => call.body),
    ).toEqual([
      { standing_token: TOKEN, kind: 'story', target_id: 31, statement: 'No link.' },
      { standing_token: TOKEN, kind: 'suspension', statement: 'It was a friend’s joke.' },
    ]);
  });

  it('says the page expired when the token no longer works, with the way back to sign in', async () => {
    mockFetch({
      'POST /api/auth/login': {
        status: 403,
        body: { err_key: 'account_suspended', err_msg: { until: null }, standing_token: TOKEN },
      },
      'POST /api/account/standing/suspended': { status: 410, body: { err_key: 'token_expired' } },
    });
    signInSuspended();
    await submitSignIn();
    await userEvent.click(
      await screen.findByRole('link', { name: 'See why your account is suspended, and appeal' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('This page has expired.');
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute(
      'href',
      '/sign-in',
    );
  });
});
