import type { AuditEntry, QueueItem } from '@glimpse/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../test/fetch-mock.ts';
import { makeUser } from '../../test/fixtures.ts';
import { renderScreen, testQueryClient } from '../../test/render.tsx';
import { authKeys } from '../auth/index.ts';
import { humanizeAction } from './AuditTab.tsx';
import { ModerationConsoleScreen } from './ModerationConsoleScreen.tsx';

// What the screenshots with realistic volumes showed (e2e/visual/moderation.visual.ts): long
// names cut without a way to read them, an item opened far down the list showing from its
// middle, raw action keys in the audit log.

const LONG_NAME = 'Oluwadamilareoluwa Babatundeolumide Adeyemi-Okoro';
const person = (id: number, name: string) => ({
  id,
  name,
  slug: name.toLowerCase().replaceAll(' ', '-'),
  avatar_url: null,
});
const at = new Date(Date.now() - 3_600_000).toISOString();

const userItem = (id: number, name: string): QueueItem => ({
  kind: 'user',
  target_id: id,
  owner: person(id, name),
  report_count: 1,
  reasons: [{ reason: 'spam', count: 1 }],
  reporters: [person(2, 'Alan')],
  details: [],
  first_reported_at: at,
  last_reported_at: at,
  urgent: false,
  overdue: false,
  item: {
    kind: 'user',
    id,
    name,
    slug: person(id, name).slug,
    bio: '',
    avatar_url: null,
    suspended: false,
    suspended_until: null,
    created_at: at,
  },
});

function renderConsole() {
  const queryClient = testQueryClient();
  queryClient.setQueryData(authKeys.me, makeUser({ role: 'moderator' }));
  return renderScreen(<ModerationConsoleScreen />, { path: '/admin', queryClient });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('moderation console with long lists', () => {
  it('keeps a cut name readable, and says what the empty detail column is for', async () => {
    mockFetch({
      'GET /api/moderation/queue': {
        body: { items: [userItem(40, LONG_NAME)], next_cursor: null, open_items: 1 },
      },
    });
    renderConsole();
    const list = await screen.findByRole('list', { name: 'Reports' });
    expect(within(list).getByTitle(`${LONG_NAME} @${person(40, LONG_NAME).slug}`)).toBeVisible();
    expect(
      screen.getByText('Choose an item to see what was reported and decide.'),
    ).toBeInTheDocument();
  });

  it('says how old a report is in words a sentence reads ("Reported 1 week ago")', async () => {
    const weekOld = new Date(Date.now() - 8 * 86_400_000).toISOString();
    mockFetch({
      'GET /api/moderation/queue': {
        body: {
          items: [{ ...userItem(40, 'Grace'), first_reported_at: weekOld }],
          next_cursor: null,
          open_items: 1,
        },
      },
    });
    renderConsole();
    const list = await screen.findByRole('list', { name: 'Reports' });
    expect(within(list).getByText('Reported 1 week ago')).toBeVisible();
  });

  it('tells destructive decisions from mild ones by style, icon and a spoken description', async () => {
    mockFetch({
      'GET /api/moderation/queue': {
        body: { items: [userItem(40, 'Grace')], next_cursor: null, open_items: 1 },
      },
    });
    renderConsole();
    const list = await screen.findByRole('list', { name: 'Reports' });
    await userEvent.click(within(list).getByRole('button', { name: 'Open Account by Grace' }));
    const warn = screen.getByRole('button', { name: 'Warn' });
    const suspend = screen.getByRole('button', { name: 'Suspend' });
    const hold = screen.getByRole('button', { name: 'Hold payouts' });
    expect(warn).toHaveAttribute('data-severity', 'mild');
    expect(warn).not.toHaveClass('text-red-700');
    for (const button of [suspend, hold]) {
      expect(button).toHaveAttribute('data-severity', 'destructive');
      expect(button).toHaveClass('text-red-700');
    }
    expect(suspend).toHaveAccessibleDescription(
      'Signs the owner out everywhere and hides their content.',
    );
    expect(warn).toHaveAccessibleDescription(
      "Adds a warning to the owner's standing; nothing is removed.",
    );
    // The confirmation of a destructive decision keeps its danger style.
    await userEvent.click(suspend);
    const dialog = screen.getByRole('dialog', { name: 'Suspend' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Note/ }), 'Spam');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('button', { name: 'Confirm' })).toHaveClass('text-red-700');
  });

  it('on a phone opens an item at its top with focus on it, and goes back to the place in the list', async () => {
    mockFetch({
      'GET /api/moderation/queue': {
        body: {
          items: [userItem(40, 'Grace'), userItem(41, 'Edsger')],
          next_cursor: null,
          open_items: 2,
        },
      },
    });
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    renderConsole();
    const list = await screen.findByRole('list', { name: 'Reports' });
    // The list was scrolled down to the second item.
    vi.spyOn(window, 'scrollY', 'get').mockReturnValue(1200);
    await userEvent.click(within(list).getByRole('button', { name: 'Open Account by Edsger' }));
    const heading = screen.getByRole('heading', { name: 'Account #41' });
    expect(heading).toHaveFocus();
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
    await userEvent.click(screen.getByRole('button', { name: 'Back to the queue' }));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 1200);
  });

  it('names the audit log actions and kinds in words, and who acted', async () => {
    const entry = (id: number, overrides: Partial<AuditEntry>): AuditEntry => ({
      id,
      actor: person(5, 'Mira Okafor'),
      action: 'take_down',
      target_kind: 'message',
      target_id: 18,
      subject: person(40, 'Grace'),
      note: '',
      details: {},
      created_at: at,
      ...overrides,
    });
    mockFetch({
      'GET /api/moderation/queue': { body: { items: [], next_cursor: null, open_items: 0 } },
      'GET /api/moderation/audit': {
        body: {
          entries: [
            entry(3, { action: 'hold_payouts', target_kind: 'user', target_id: 40 }),
            entry(2, { action: 'appeal.filed', actor: person(40, 'Grace') }),
            entry(1, { action: 'blocklist.added', target_kind: 'hash', actor: null }),
          ],
          next_cursor: null,
        },
      },
    });
    renderConsole();
    await userEvent.click(screen.getByRole('tab', { name: 'Audit log' }));
    const lines = within(await screen.findByRole('list', { name: 'Audit log' })).getAllByRole(
      'listitem',
    );
    expect(lines[0]).toHaveTextContent('Held payouts');
    expect(lines[0]).toHaveTextContent('Account #40');
    expect(lines[0]).toHaveTextContent('by Mira Okafor @mira-okafor');
    expect(lines[1]).toHaveTextContent('Appeal filed');
    expect(lines[1]).toHaveTextContent('Message #18');
    // An action or kind this version has no words for still reads as words.
    expect(lines[2]).toHaveTextContent('Blocklist added');
    expect(lines[2]).toHaveTextContent('Hash #18');
    expect(lines[2]).toHaveTextContent('by System');
    expect(humanizeAction('copyright.court_action')).toBe('Copyright court action');
  });
});
