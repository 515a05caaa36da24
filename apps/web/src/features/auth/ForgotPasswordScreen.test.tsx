import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { routeTree } from '../../app/router.tsx';
import { mockFetch, type RecordedCall } from '../../test/fetch-mock.ts';
import { renderRoutes, renderScreen } from '../../test/render.tsx';
import { ForgotPasswordScreen } from './ForgotPasswordScreen.tsx';

const signedOut = { 'GET /api/auth/session': { body: { user: null } } };

beforeAll(async () => {
  await Promise.all([import('./SignInScreen.tsx'), import('./RecoveryScreens.tsx')]);
}, 60_000);

function renderForgot(answer: { status?: number; body?: unknown } = { body: { success: true } }) {
  const fetch = mockFetch({ 'POST /api/auth/password/forgot': answer });
  return { ...fetch, ...renderScreen(<ForgotPasswordScreen />, { path: '/forgot-password' }) };
}

const sentCalls = (calls: RecordedCall[]) =>
  calls.filter((call) => call.url === '/api/auth/password/forgot');

describe('ForgotPasswordScreen', () => {
  it('sends the link and says to check the mail, naming the address typed', async () => {
    const { calls } = renderForgot();
    expect(screen.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible();
    await userEvent.type(screen.getByLabelText('Email'), '  Ada@Example.com ');
    await userEvent.click(screen.getByRole('button', { name: 'Send link' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Check your mail' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      'If an account uses Ada@Example.com, a link to choose a new password is on its way.',
    );
    expect(sentCalls(calls).map((call) => call.body)).toEqual([{ email: 'Ada@Example.com' }]);
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute(
      'href',
      '/sign-in',
    );

    // Another address: the form again, with the last one to edit.
    await userEvent.click(screen.getByRole('button', { name: 'Send to another address' }));
    expect(screen.getByLabelText('Email')).toHaveValue('Ada@Example.com');
    expect(screen.getByRole('button', { name: 'Send link' })).toBeEnabled();
  });

  it('says "Sending…" and takes no second click while the request is on its way', async () => {
    let answer: (() => void) | undefined;
    const { calls } = mockFetch({
      'POST /api/auth/password/forgot': () =>
        new Promise((resolve) => {
          answer = () => resolve({ body: { success: true } });
        }),
    });
    renderScreen(<ForgotPasswordScreen />, { path: '/forgot-password' });
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send link' }));
    const busy = screen.getByRole('button', { name: 'Sending…' });
    expect(busy).toBeDisabled();
    expect(busy).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(busy);
    answer?.();
    expect(await screen.findByText(/Check your mail/)).toBeInTheDocument();
    expect(sentCalls(calls)).toHaveLength(1);
  });

  it('checks the address before asking the server', async () => {
    const { calls } = renderForgot();
    await userEvent.click(screen.getByRole('button', { name: 'Send link' }));
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('This field is required.');
    await userEvent.type(screen.getByLabelText('Email'), 'ada@');
    expect(screen.getByLabelText('Email')).not.toHaveAccessibleDescription();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(
      'Enter a valid email address.',
    );
    expect(sentCalls(calls)).toHaveLength(0);
  });

  it('shows rate_limited above the form and keeps what was typed', async () => {
    renderForgot({ status: 429, body: { err_key: 'rate_limited' } });
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many attempts. Please wait a moment and try again.',
    );
    expect(screen.queryByText('Check your mail')).toBeNull();
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
  });

  it('is reached from sign-in, which hands over the address typed there', async () => {
    mockFetch(signedOut);
    const { location } = renderRoutes(routeTree, '/sign-in');
    await userEvent.type(await screen.findByLabelText('Email'), 'ada@example.com');
    const link = screen.getByRole('link', { name: 'Forgot password?' });
    expect(link).toHaveAttribute('href', '/forgot-password');
    await userEvent.click(link);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Reset your password' }),
    ).toBeInTheDocument();
    expect(location.pathname).toBe('/forgot-password');
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
  });

  it('opens for a signed-out visitor straight from its address, without the app navigation', async () => {
    mockFetch(signedOut);
    renderRoutes(routeTree, '/forgot-password');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Reset your password' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });
});
