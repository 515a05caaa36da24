import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { readSignedInHint } from '../../lib/signed-in-hint.ts';
import { mockFetch } from '../../test/fetch-mock.ts';
import { makeUser } from '../../test/fixtures.ts';
import { landing, renderScreen } from '../../test/render.tsx';
import { SignInScreen } from './SignInScreen.tsx';

describe('SignInScreen', () => {
  it('shows the invalid_credentials text', async () => {
    mockFetch({
      'POST /api/auth/login': { status: 401, body: { err_key: 'invalid_credentials' } },
    });
    renderScreen(<SignInScreen />, { path: '/sign-in', pattern: '/sign-in' });
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The email or password is not correct.',
    );
  });

  it.each([
    ['until a date', '2031-05-04T09:30:00.000Z', /suspended until May 4, 2031.*appeal below/],
    ['for good', null, /suspended for good\. You can appeal below/],
  ])('says how long a suspension lasts (%s) and offers the appeal', async (_, until, text) => {
    mockFetch({
      'POST /api/auth/login': {
        status: 403,
        body: { err_key: 'account_suspended', err_msg: { until } },
      },
    });
    renderScreen(<SignInScreen />, { path: '/sign-in', pattern: '/sign-in' });
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'a good password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(await screen.findByRole('link', { name: /appeal/i })).toBeInTheDocument();
  });

  it('returns to the page the user came from', async () => {
    const { calls } = mockFetch({ 'POST /api/auth/login': { body: makeUser() } });
    renderScreen(<SignInScreen />, {
      path: '/sign-in?next=%2Fme%2Fedit',
      pattern: '/sign-in',
      extraRoutes: [landing('/me/edit')],
    });
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('landed on /me/edit')).toBeInTheDocument();
    expect(calls[0]?.body).toEqual({ email: 'ada@example.com', password: 'secret password' });
    // The next page load asks for its data beside the session (lib/signed-in-hint.ts).
    expect(readSignedInHint()).toBe(true);
  });

  it.each(['%2F%0d%0a%2Fevil.example', '%2Fme%00', '%2F%09%2Fevil.example'])(
    'lands on home when next (%s) carries control characters',
    async (next) => {
      mockFetch({ 'POST /api/auth/login': { body: makeUser() } });
      renderScreen(<SignInScreen />, {
        path: `/sign-in?next=${next}`,
        pattern: '/sign-in',
        extraRoutes: [landing('/'), landing('*')],
      });
      await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
      await userEvent.type(screen.getByLabelText('Password'), 'secret password');
      await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
      expect(await screen.findByText('landed on /')).toBeInTheDocument();
    },
  );

  it('asks for both fields before calling the server', async () => {
    const { calls } = mockFetch({});
    renderScreen(<SignInScreen />, { path: '/sign-in', pattern: '/sign-in' });
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Something is missing');
    expect(calls).toHaveLength(0);
  });

  it('shows and hides the password with the eye button', async () => {
    mockFetch({});
    renderScreen(<SignInScreen />, { path: '/sign-in', pattern: '/sign-in' });
    const password = screen.getByLabelText('Password');
    await userEvent.type(password, 'typed carefully');
    const show = screen.getByRole('button', { name: 'Show password' });
    expect(show).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(show);
    expect(password).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Hide password' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
    expect(password).toHaveValue('typed carefully');
  });

  it('links to the terms and the privacy policy', () => {
    mockFetch({});
    renderScreen(<SignInScreen />, { path: '/sign-in', pattern: '/sign-in' });
    expect(screen.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute(
      'href',
      '/terms',
    );
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
      'href',
      '/privacy',
    );
  });
});
