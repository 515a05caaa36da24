import { TERMS_VERSION } from '@glimpse/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { routeTree } from '../../app/router.tsx';
import { mockFetch } from '../../test/fetch-mock.ts';
import { makeUser } from '../../test/fixtures.ts';
import { renderRoutes } from '../../test/render.tsx';

const signedOut = { 'GET /api/auth/session': { body: { user: null } } };

describe('terms and privacy pages', () => {
  it('shows the terms to a signed-out visitor: what Glimpse is, 18+, content rules, payments, refunds', async () => {
    mockFetch(signedOut);
    const { location } = renderRoutes(routeTree, '/terms');
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Terms of Service' },
        { timeout: 5_000 },
      ),
    ).toBeInTheDocument();
    expect(location.pathname).toBe('/terms');
    const [year, month, day] = TERMS_VERSION.split('-').map(Number);
    const date = new Date(Date.UTC(year!, month! - 1, day!, 12)).toLocaleDateString('en', {
      dateStyle: 'long',
    });
    expect(screen.getByText(`Version of ${date}`)).toBeInTheDocument();
    for (const title of [
      '1. What Glimpse is',
      '2. Adults only',
      "3. Rules for creators' content",
      '4. Payments',
      '5. Refunds',
      'Contact',
    ]) {
      expect(screen.getByRole('heading', { level: 2, name: title })).toBeInTheDocument();
    }
    expect(screen.getByText(/people who are 18 years of age or older/)).toBeInTheDocument();
    // The contents link to each section.
    const contents = screen.getByRole('navigation', { name: 'On this page' });
    expect(within(contents).getByRole('link', { name: 'Refunds' })).toHaveAttribute(
      'href',
      '#terms-5',
    );
    expect(screen.getByRole('link', { name: 'Read the Privacy Policy' })).toHaveAttribute(
      'href',
      '/privacy',
    );
  });

  it('shows the privacy policy signed in too: data kept and why, cookies, contact', async () => {
    mockFetch({ 'GET /api/auth/session': { body: { user: makeUser() } } });
    renderRoutes(routeTree, '/privacy');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' }, { timeout: 5_000 }),
    ).toBeInTheDocument();
    for (const title of ['1. What we keep and why', '3. Cookies and local storage', 'Contact']) {
      expect(screen.getByRole('heading', { level: 2, name: title })).toBeInTheDocument();
    }
    expect(
      screen.getByText(/which version of the terms and privacy policy you accepted/),
    ).toBeInTheDocument();
    expect(screen.getAllByText(/privacy@glimpse\.app/).length).toBeGreaterThan(0);
    await userEvent.click(screen.getByRole('link', { name: 'Read the Terms of Service' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Terms of Service' }),
    ).toBeInTheDocument();
  });
});
