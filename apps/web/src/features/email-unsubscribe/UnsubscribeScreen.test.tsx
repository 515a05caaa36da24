import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { routeTree } from '../../app/router.tsx';
import { i18n } from '../../i18n/index.ts';
import { mockFetch, type MockResponse, type RecordedCall } from '../../test/fetch-mock.ts';
import { renderRoutes } from '../../test/render.tsx';

const SIGNATURE = 's'.repeat(43);
const tipToken = `42.tip_received.${SIGNATURE}`;
const digestToken = `42.digest.${SIGNATURE}`;
const url = (token: string) => `/api/notifications/unsubscribe/${token}`;

beforeAll(async () => {
  await import('./UnsubscribeScreen.tsx');
}, 60_000);

afterEach(async () => {
  await act(() => i18n.changeLanguage('en'));
});

/** The page as the mailed link opens it, through the app's own routes, signed out. */
function openLink(token: string | null, answer?: MockResponse | (() => MockResponse)) {
  const fetch = mockFetch({
    'GET /api/auth/session': { body: { user: null } },
    ...(token && answer ? { [`POST ${url(token)}`]: answer } : {}),
  });
  renderRoutes(routeTree, token === null ? '/unsubscribe' : `/unsubscribe?token=${token}`);
  return fetch;
}

const posts = (calls: RecordedCall[]) => calls.filter((call) => call.method === 'POST');

describe('UnsubscribeScreen', () => {
  it('asks first, then turns the type off without a session and says what was turned off', async () => {
    const { calls } = openLink(tipToken, { body: { type: 'tip_received' } });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Unsubscribe from emails' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Stop emails about tips you receive?')).toBeInTheDocument();
    // Opening the link (a mail scanner does) changes nothing.
    expect(posts(calls)).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'You are unsubscribed' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      'You will get no more emails about tips you receive.',
    );
    expect(screen.getByRole('link', { name: 'Notification settings' })).toHaveAttribute(
      'href',
      '/me/settings/notifications',
    );
    expect(posts(calls).map((call) => call.url)).toEqual([url(tipToken)]);
  });

  it("the digest's link turns the daily digest off", async () => {
    openLink(digestToken, { body: { type: 'digest' } });
    expect(await screen.findByText('Stop the daily digest email?')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'You will get no more daily digest emails.',
    );
  });

  it('a link the server refuses says so and leads to the settings', async () => {
    openLink(tipToken, { status: 400, body: { err_key: 'token_invalid' } });
    await userEvent.click(await screen.findByRole('button', { name: 'Unsubscribe' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This link does not work' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('This unsubscribe link is not valid');
    expect(screen.getByRole('link', { name: 'Notification settings' })).toBeInTheDocument();
  });

  it('a missing or cut-short token is refused without asking the server', async () => {
    const { calls } = openLink(null);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This link does not work' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).not.toBeInTheDocument();
    expect(posts(calls)).toEqual([]);
  });

  it('a failure the link is not to blame for can be tried again', async () => {
    let attempts = 0;
    const { calls } = openLink(tipToken, () => {
      attempts += 1;
      return attempts === 1
        ? { status: 500, body: { err_key: 'internal_error' } }
        : { body: { type: 'tip_received' } };
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That did not work.');
    await userEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByRole('status')).toHaveTextContent('tips you receive');
    expect(posts(calls)).toHaveLength(2);
  });

  it('speaks German', async () => {
    await act(() => i18n.changeLanguage('de'));
    openLink(tipToken, { body: { type: 'tip_received' } });
    expect(
      await screen.findByText('Keine E-Mails mehr über erhaltenes Trinkgeld?'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Abbestellen' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Du bekommst keine E-Mails mehr über erhaltenes Trinkgeld.',
    );
  });
});
