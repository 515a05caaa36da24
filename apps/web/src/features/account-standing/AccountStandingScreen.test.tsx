import type { AccountStanding } from '@glimpse/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '../../test/fetch-mock.ts';
import { renderScreen } from '../../test/render.tsx';
import { AccountStandingScreen } from './AccountStandingScreen.tsx';

const clean: AccountStanding = {
  suspended: false,
  suspended_until: null,
  suspension_note: null,
  payouts_held: false,
  warnings: [],
  removed: [],
};

describe('AccountStandingScreen', () => {
  it('says an untouched account is in good standing', async () => {
    mockFetch({ 'GET /api/account/standing': { body: clean } });
    renderScreen(<AccountStandingScreen />, { path: '/me/settings/standing' });
    expect(await screen.findByText('Your account is in good standing.')).toBeVisible();
    expect(screen.getByRole('region', { name: 'Warnings' })).toHaveTextContent('No warnings.');
    expect(screen.getByRole('region', { name: 'Removed content' })).toHaveTextContent(
      'Nothing of yours was removed.',
    );
  });

  it('shows the suspension, the payout hold, warnings and removed items with their notes and appeals', async () => {
    const { calls } = mockFetch({
      'GET /api/account/standing': {
        body: {
          suspended: true,
          suspended_until: '2030-03-05T10:00:00.000Z',
          suspension_note: 'Sold content of other people',
          payouts_held: true,
          warnings: [{ note: 'Keep the chat civil', created_at: '2026-11-01T10:00:00.000Z' }],
          removed: [
            {
              kind: 'story',
              id: 501,
              note: 'Shared without consent',
              created_at: '2026-11-02T10:00:00.000Z',
              excerpt: { text: 'Night out with Sam', media: 'photo' },
              appeal: null,
            },
            {
              kind: 'message',
              id: 900,
              note: 'Threats',
              created_at: '2026-11-03T10:00:00.000Z',
              excerpt: null,
              appeal: { id: 4, status: 'denied' },
            },
          ],
        } satisfies AccountStanding,
      },
      'POST /api/appeals': { status: 201, body: { success: true, appeal_id: 8 } },
    });
    renderScreen(<AccountStandingScreen />, { path: '/me/settings/standing' });
    expect(await screen.findByText('Your account is suspended until Mar 5, 2030.')).toBeVisible();
    expect(screen.getByText("The moderators' reason: Sold content of other people")).toBeVisible();
    expect(screen.getByText(/Your payouts are on hold/)).toBeVisible();
    expect(screen.getByRole('region', { name: 'Warnings' })).toHaveTextContent(
      'Keep the chat civil',
    );
    const removed = screen.getByRole('region', { name: 'Removed content' });
    const [story, message] = within(removed).getAllByRole('listitem');
    expect(story).toHaveTextContent('Story #501');
    expect(story).toHaveTextContent('Shared without consent');
    // What it was, so the owner knows which one: its media's kind and caption.
    const excerpt = within(story!).getByRole('figure', { name: 'What it was' });
    expect(excerpt).toHaveTextContent('Photo: Night out with Sam');
    // An item that is gone has nothing to show.
    expect(within(message!).queryByRole('figure')).toBeNull();
    // An item not appealed yet offers the appeal; one decided says how.
    expect(message).toHaveTextContent('Appeal denied');
    expect(within(message!).queryByRole('button', { name: 'Appeal' })).not.toBeInTheDocument();

    await userEvent.click(within(story!).getByRole('button', { name: 'Appeal' }));
    const dialog = screen.getByRole('dialog', { name: 'Appeal the removal of your story' });
    await userEvent.type(within(dialog).getByLabelText('Why should it come back?'), 'It is me');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send appeal' }));
    await screen.findByText(/Appeal sent/);
    expect(calls.filter((call) => call.url === '/api/appeals').map((call) => call.body)).toEqual([
      { kind: 'story', target_id: 501, statement: 'It is me' },
    ]);
  });

  it('says when the account is suspended for good', async () => {
    mockFetch({
      'GET /api/account/standing': { body: { ...clean, suspended: true } },
    });
    renderScreen(<AccountStandingScreen />, { path: '/me/settings/standing' });
    expect(await screen.findByText('Your account is suspended.')).toBeVisible();
  });
});
