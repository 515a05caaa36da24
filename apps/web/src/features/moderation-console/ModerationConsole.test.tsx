import type { ModerationQueue, QueueItem } from '@glimpse/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch, type RecordedCall } from '../../test/fetch-mock.ts';
import { makeUser } from '../../test/fixtures.ts';
import { renderScreen, testQueryClient } from '../../test/render.tsx';
import { authKeys } from '../auth/index.ts';
import { ModerationConsoleScreen } from './ModerationConsoleScreen.tsx';

const person = (id: number, name: string) => ({
  id,
  name,
  slug: name.toLowerCase(),
  avatar_url: null,
});

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();

function storyItem(overrides: Partial<QueueItem> = {}): QueueItem {
  return {
    kind: 'story',
    target_id: 501,
    owner: person(40, 'Grace'),
    report_count: 3,
    reasons: [
      { reason: 'non_consensual', count: 2 },
      { reason: 'spam', count: 1 },
    ],
    reporters: [person(2, 'Alan'), person(3, 'Barbara')],
    details: ['This is me, I never agreed'],
    first_reported_at: hoursAgo(80),
    last_reported_at: hoursAgo(1),
    urgent: true,
    overdue: true,
    item: {
      kind: 'story',
      id: 501,
      text: 'Beach day',
      is_video: false,
      price: null,
      status: 'published',
      image_url: '/media/501.jpg',
      video_url: null,
      poster_url: null,
      created_at: hoursAgo(90),
    },
    ...overrides,
  };
}

const messageItem = storyItem({
  kind: 'message',
  target_id: 900,
  owner: person(41, 'Edsger'),
  report_count: 1,
  reasons: [{ reason: 'harassment', count: 1 }],
  reporters: [person(4, 'Donald')],
  details: [],
  first_reported_at: hoursAgo(2),
  urgent: false,
  overdue: false,
  item: {
    kind: 'message',
    id: 900,
    chat_id: 7,
    type: 'text',
    body: 'You will regret this',
    audio_url: null,
    story_id: null,
    taken_down: false,
    created_at: hoursAgo(3),
  },
});

function queuePage(items: QueueItem[], next_cursor: string | null = null): ModerationQueue {
  return { items, next_cursor, open_items: 3 };
}

function renderConsole(role: 'moderator' | 'user' = 'moderator') {
  const queryClient = testQueryClient();
  queryClient.setQueryData(authKeys.me, makeUser({ role }));
  return renderScreen(<ModerationConsoleScreen />, { path: '/admin', queryClient });
}

const queueCalls = (calls: RecordedCall[]) =>
  calls.filter((call) => call.url.startsWith('/api/moderation/queue')).map((call) => call.url);

describe('ModerationConsoleScreen: queue', () => {
  it('shows the items grouped as the API gives them, with counts, reasons, badges and reporters', async () => {
    mockFetch({ 'GET /api/moderation/queue': { body: queuePage([storyItem(), messageItem]) } });
    renderConsole();
    const list = await screen.findByRole('list', { name: 'Reports' });
    // One row (a button) per item, in the API's order.
    const rows = within(list).getAllByRole('button');
    expect(rows.map((row) => row.getAttribute('aria-label'))).toEqual([
      'Open Story by Grace',
      'Open Message by Edsger',
    ]);
    const first = rows[0]!;
    expect(first).toHaveTextContent('3 reports');
    expect(first).toHaveTextContent('Urgent');
    expect(first).toHaveTextContent('Over 72 h');
    expect(first).toHaveTextContent('Shared without consent · 2');
    expect(first).toHaveTextContent('Spam · 1');
    const second = rows[1]!;
    expect(second).toHaveTextContent('1 report');
    expect(second).not.toHaveTextContent('Urgent');
    expect(screen.getByText('3 items waiting')).toBeVisible();

    await userEvent.click(first);
    const detail = screen.getByRole('region', { name: 'Story #501' });
    expect(within(detail).getByText('Beach day')).toBeVisible();
    expect(within(detail).getByText('This is me, I never agreed')).toBeVisible();
    expect(within(detail).getByText('Barbara')).toBeInTheDocument();
    // The picture is blurred until asked for, by a toggle with its own name.
    const image = within(detail).getByRole('img', { name: 'Reported media' });
    expect(image).toHaveClass('blur-2xl');
    const show = within(detail).getByRole('button', { name: 'Show the reported media' });
    expect(show).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(show);
    expect(image).not.toHaveClass('blur-2xl');
    expect(within(detail).getByRole('button', { name: 'Blur the reported media' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('asks the API with the chosen kind and reason, and loads more by cursor', async () => {
    const { calls } = mockFetch({
      'GET /api/moderation/queue': ({ url }) => ({
        body: url.includes('cursor=c2') ? queuePage([messageItem]) : queuePage([storyItem()], 'c2'),
      }),
    });
    renderConsole();
    await screen.findByRole('button', { name: 'Open Story by Grace' });
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByRole('button', { name: 'Open Message by Edsger' });
    expect(queueCalls(calls)).toEqual(['/api/moderation/queue', '/api/moderation/queue?cursor=c2']);

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Kind' }), 'story');
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Reason' }),
      'non_consensual',
    );
    await waitFor(() =>
      expect(queueCalls(calls)).toContain('/api/moderation/queue?kind=story&reason=non_consensual'),
    );
    expect(queueCalls(calls)).toContain('/api/moderation/queue?kind=story');
  });

  it('needs a note and a confirmation, sends the decision, and drops the item from the queue', async () => {
    const { calls } = mockFetch({
      // After the decision the server no longer lists the story.
      'GET /api/moderation/queue': () => ({
        body: calls.some((call) => call.url === '/api/moderation/actions')
          ? queuePage([messageItem])
          : queuePage([storyItem(), messageItem]),
      }),
      'POST /api/moderation/actions': {
        body: { success: true, audit_id: 10, reports_closed: 3 },
      },
    });
    renderConsole();
    await userEvent.click(await screen.findByRole('button', { name: 'Open Story by Grace' }));
    const detail = screen.getByRole('region', { name: 'Story #501' });
    await userEvent.click(within(detail).getByRole('button', { name: 'Take down' }));

    const dialog = screen.getByRole('dialog', { name: 'Take down' });
    const note = within(dialog).getByRole('textbox', { name: /Note/ });
    expect(note).toBeRequired();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(note).toHaveAccessibleDescription('A note is required.');

    await userEvent.type(note, 'Shared without consent, confirmed by the reporter');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    // Nothing is sent before the confirmation.
    expect(calls.filter((call) => call.url === '/api/moderation/actions')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText('Done: Take down')).toBeVisible();
    expect(
      calls.filter((call) => call.url === '/api/moderation/actions').map((call) => call.body),
    ).toEqual([
      {
        kind: 'story',
        target_id: 501,
        action: 'take_down',
        note: 'Shared without consent, confirmed by the reporter',
      },
    ]);
    expect(screen.queryByRole('button', { name: 'Open Story by Grace' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open Message by Edsger' })).toBeVisible();
  });

  it('sends the days of a suspension, or null for good', async () => {
    const { calls } = mockFetch({
      'GET /api/moderation/queue': { body: queuePage([messageItem]) },
      'POST /api/moderation/actions': {
        body: { success: true, audit_id: 11, reports_closed: 1 },
      },
    });
    renderConsole();
    await userEvent.click(await screen.findByRole('button', { name: 'Open Message by Edsger' }));
    await userEvent.click(screen.getByRole('button', { name: 'Suspend' }));
    const dialog = screen.getByRole('dialog', { name: 'Suspend' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Note/ }), 'Threats');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'For good' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await screen.findByText('Done: Suspend');
    expect(
      calls.filter((call) => call.url === '/api/moderation/actions').map((call) => call.body),
    ).toEqual([
      { kind: 'message', target_id: 900, action: 'suspend', note: 'Threats', suspend_days: null },
    ]);
  });

  it('shows a refused decision by its error text and keeps the item', async () => {
    mockFetch({
      'GET /api/moderation/queue': { body: queuePage([messageItem]) },
      'POST /api/moderation/actions': {
        status: 400,
        body: { err_key: 'moderation_action_invalid' },
      },
    });
    renderConsole();
    await userEvent.click(await screen.findByRole('button', { name: 'Open Message by Edsger' }));
    await userEvent.click(screen.getByRole('button', { name: 'Warn' }));
    const dialog = screen.getByRole('dialog', { name: 'Warn' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Note/ }), 'Be kind');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This action does not fit this item or account.',
    );
  });

  it('tells a non-staff visitor the console is not available, and one the API refuses too', async () => {
    const { calls } = mockFetch({});
    const first = renderConsole('user');
    expect(await screen.findByRole('heading', { name: 'Not available' })).toBeVisible();
    expect(queueCalls(calls)).toHaveLength(0);
    first.unmount();

    mockFetch({ 'GET /api/moderation/queue': { status: 403, body: { err_key: 'forbidden' } } });
    renderConsole('moderator');
    expect(await screen.findByRole('heading', { name: 'Not available' })).toBeVisible();
  });
});

describe('ModerationConsoleScreen: tabs', () => {
  it('reaches every section by keyboard and searches the audit log after a pause', async () => {
    const { calls } = mockFetch({
      'GET /api/moderation/queue': { body: queuePage([]) },
      'GET /api/moderation/audit': ({ url }) => ({
        body: {
          entries: url.includes('q=takedown')
            ? [
                {
                  id: 9,
                  actor: person(5, 'Mod'),
                  action: 'take_down',
                  target_kind: 'story',
                  target_id: 501,
                  subject: person(40, 'Grace'),
                  note: 'Removed the beach story',
                  details: {},
                  created_at: hoursAgo(1),
                },
              ]
            : [],
          next_cursor: null,
        },
      }),
    });
    renderConsole();
    const tabs = screen.getByRole('tablist', { name: 'Console sections' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual([
      'Queue',
      'Review',
      'Blocklist',
      'Streams',
      'Users',
      'Audit log',
      'Notices',
      'Appeals',
    ]);
    await screen.findByText('Nothing to review. Well done.');
    within(tabs).getByRole('tab', { name: 'Queue' }).focus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}');
    expect(within(tabs).getByRole('tab', { name: 'Audit log' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await userEvent.type(
      screen.getByRole('searchbox', { name: 'Search the audit log' }),
      'takedown',
    );
    expect(await screen.findByText('Removed the beach story')).toBeVisible();
    const auditUrls = calls
      .filter((call) => call.url.startsWith('/api/moderation/audit'))
      .map((call) => call.url);
    // Debounced: not one request per letter.
    expect(auditUrls).toEqual(['/api/moderation/audit', '/api/moderation/audit?q=takedown']);
  });
});

describe('ModerationConsoleScreen: users', () => {
  it('finds an account, shows its history, and lifts its suspension with a note', async () => {
    const summary = {
      ...person(40, 'Grace'),
      email: 'grace@example.com',
      role: 'user' as const,
      suspended: true,
      created_at: hoursAgo(2000),
    };
    const { calls } = mockFetch({
      'GET /api/moderation/queue': { body: queuePage([]) },
      'GET /api/moderation/users': { body: { users: [summary] } },
      'GET /api/moderation/users/40': {
        body: {
          user: {
            ...summary,
            bio: 'Painter',
            country_code: 'us',
            suspended_until: null,
            payouts_held: true,
            verified: true,
            deletion_requested: false,
          },
          reports: [
            {
              id: 1,
              kind: 'story',
              target_id: 501,
              reason: 'spam',
              details: 'Same picture every hour',
              status: 'actioned',
              reporter: person(2, 'Alan'),
              created_at: hoursAgo(30),
            },
          ],
          reports_made: 0,
          actions: [],
          purchases: [],
          payouts: [{ id: 3, amount: 120, status: 'pending', created_at: hoursAgo(10) }],
        },
      },
      'POST /api/moderation/actions': { body: { success: true, audit_id: 12, reports_closed: 0 } },
    });
    renderConsole();
    await userEvent.click(screen.getByRole('tab', { name: 'Users' }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Find an account' }), 'grace');
    await userEvent.click(await screen.findByRole('button', { name: 'Open Grace' }));
    const detail = await screen.findByRole('region', { name: 'Grace' });
    expect(within(detail).getByText('Suspended')).toBeVisible();
    expect(
      within(detail).getByRole('region', { name: 'Reports against the account' }),
    ).toHaveTextContent('Spam');
    expect(
      within(detail).getByRole('region', { name: 'Reports against the account' }),
    ).toHaveTextContent('reported by Alan');
    expect(within(detail).getByRole('region', { name: 'Decisions' })).toHaveTextContent('None.');
    // Its state decides the offer: suspended and held, so lifting and releasing.
    expect(within(detail).queryByRole('button', { name: 'Suspend' })).not.toBeInTheDocument();
    expect(within(detail).getByRole('button', { name: 'Release payouts' })).toBeVisible();
    await userEvent.click(within(detail).getByRole('button', { name: 'Lift suspension' }));
    const dialog = screen.getByRole('dialog', { name: 'Lift suspension' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Note/ }), 'Appeal granted');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await screen.findByText('Done: Lift suspension');
    expect(
      calls.filter((call) => call.url === '/api/moderation/actions').map((call) => call.body),
    ).toEqual([{ kind: 'user', target_id: 40, action: 'unsuspend', note: 'Appeal granted' }]);
    // Debounced: the whole word, never a letter at a time (read again after the decision).
    expect(
      new Set(
        calls
          .filter((call) => call.url.startsWith('/api/moderation/users?'))
          .map((call) => call.url),
      ),
    ).toEqual(new Set(['/api/moderation/users?q=grace']));
  });
});
