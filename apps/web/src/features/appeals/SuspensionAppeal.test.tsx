import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '../../test/fetch-mock.ts';
import { renderScreen } from '../../test/render.tsx';
import { SignInScreen } from '../auth/SignInScreen.tsx';
import { SuspensionAppealScreen } from './SuspensionAppealScreen.tsx';

describe('the suspended account’s appeal', () => {
  it('sign-in answered account_suspended links to the appeal, carrying the address', async () => {
    mockFetch({
      'POST /api/auth/login': {
        status: 403,
        body: { err_key: 'account_suspended', err_msg: { until: null } },
      },
    });
    renderScreen(<SignInScreen />, {
      path: '/sign-in',
      pattern: '/sign-in',
      extraRoutes: [{ path: '/appeal', element: <SuspensionAppealScreen /> }],
    });
    expect(screen.queryByRole('link', { name: /Appeal the suspension/ })).toBeNull();
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const link = await screen.findByRole('link', {
      name: 'Your account is suspended? Appeal the suspension',
    });
    expect(link).toHaveAttribute('href', '/appeal');
    await userEvent.click(link);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Appeal a suspension' }),
    ).toBeVisible();
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
  });

  it('files the appeal with the credentials, or says they are wrong', async () => {
    let answer: { status: number; body: unknown } = {
      status: 401,
      body: { err_key: 'invalid_credentials' },
    };
    const { calls } = mockFetch({ 'POST /api/appeals/suspension': () => Promise.resolve(answer) });
    renderScreen(<SuspensionAppealScreen />, { path: '/appeal', pattern: '/appeal' });
    await userEvent.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret password');
    await userEvent.type(
      screen.getByLabelText('Why should the suspension be lifted?'),
      'My account was hacked.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Send appeal' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The email or password is not correct.',
    );

    answer = { status: 201, body: { success: true, appeal_id: 5 } };
    await userEvent.click(screen.getByRole('button', { name: 'Send appeal' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Appeal sent.');
    // No session and no menu here: the way back to sign-in stays after sending.
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute(
      'href',
      '/sign-in',
    );
    expect(
      calls.filter((call) => call.url === '/api/appeals/suspension').map((call) => call.body),
    ).toEqual([
      {
        email: 'ada@example.com',
        password: 'secret password',
        statement: 'My account was hacked.',
      },
      {
        email: 'ada@example.com',
        password: 'secret password',
        statement: 'My account was hacked.',
      },
    ]);
  });
});
