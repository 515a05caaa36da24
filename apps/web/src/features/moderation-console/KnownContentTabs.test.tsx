import type { BlocklistEntry, ReviewItem } from '@glimpse/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '../../test/fetch-mock.ts';
import { makeUser } from '../../test/fixtures.ts';
import { renderScreen, testQueryClient } from '../../test/render.tsx';
import { authKeys } from '../auth/index.ts';
import { ModerationConsoleScreen } from './ModerationConsoleScreen.tsx';

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();

function held(overrides: Partial<ReviewItem> = {}): ReviewItem {
  return {
    story_id: 700,
    owner_id: 40,
    owner: { id: 40, name: 'Ada Lovelace', slug: 'ada', avatar_url: null },
    text: 'Held caption',
    is_video: false,
    image_url: '/media/700.jpg',
    video_url: null,
    poster_url: null,
    created_at: hoursAgo(5),
    reason: 'match',
    match: { entry_id: 12, label: 'Known leak', distance: 14 },
    ...overrides,
  };
}

function entry(overrides: Partial<BlocklistEntry> = {}): BlocklistEntry {
  return {
    id: 12,
    hash: 'a'.repeat(64),
    quality: 90,
    source_story_id: 501,
    label: 'Known leak',
    added_by: 1,
    created_at: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

async function openTab(name: 'Review' | 'Blocklist', role: 'moderator' | 'admin' = 'moderator') {
  const queryClient = testQueryClient();
  queryClient.setQueryData(authKeys.me, makeUser({ role }));
  renderScreen(<ModerationConsoleScreen />, { path: '/admin', queryClient });
  await userEvent.click(screen.getByRole('tab', { name }));
}

const noQueue = {
  'GET /api/moderation/queue': { body: { items: [], next_cursor: null, open_items: 0 } },
};

describe('ModerationConsoleScreen: review', () => {
  it('lists held stories oldest first, says why each is held, and handles one without a match', async () => {
    mockFetch({
      ...noQueue,
      'GET /api/moderation/review': {
        body: {
          items: [
            held(),
            held({ story_id: 701, match: null, reason: 'review_required' }),
            held({ story_id: 702, match: null }),
          ],
        },
      },
    });
    await openTab('Review');
    const list = await screen.findByRole('list', { name: 'Stories held for review' });
    const rows = within(list).getAllByRole('button');
    expect(rows.map((row) => row.getAttribute('aria-label'))).toEqual([
      'Open held story #700',
      'Open held story #701',
      'Open held story #702',
    ]);
    expect(rows[0]).toHaveTextContent('Near a listed item: Known leak');
    expect(rows[1]).toHaveTextContent('Every new story is reviewed before publication');
    expect(rows[2]).toHaveTextContent('Near a listed item that has since been removed');

    await userEvent.click(rows[0]!);
    const detail = screen.getByRole('region', { name: 'Story #700' });
    expect(within(detail).getByText('#12')).toBeVisible();
    expect(within(detail).getByText('14')).toBeVisible();
    // The owner by name, not by account number; the caption in place.
    expect(within(detail).getByText(/by Ada Lovelace$/)).toBeVisible();
    expect(within(detail).queryByText(/account #40/)).not.toBeInTheDocument();
    expect(within(detail).getByText('Held caption')).toBeVisible();
    const image = within(detail).getByRole('img', { name: 'Held media' });
    expect(image).toHaveClass('blur-2xl');
    await userEvent.click(within(detail).getByRole('button', { name: 'Show the held media' }));
    expect(image).not.toHaveClass('blur-2xl');
  });

  it('publishes or takes down only after a confirmation, and the story leaves the list', async () => {
    const { calls } = mockFetch({
      ...noQueue,
      'GET /api/moderation/review': () => ({
        body: {
          items: calls.some((call) => call.method === 'POST')
            ? [held({ story_id: 701 })]
            : [held(), held({ story_id: 701 })],
        },
      }),
      'POST /api/moderation/review/700': { body: { story_id: 700, status: 'taken_down' } },
    });
    await openTab('Review');
    await userEvent.click(await screen.findByRole('button', { name: 'Open held story #700' }));
    const detail = screen.getByRole('region', { name: 'Story #700' });
    await userEvent.click(within(detail).getByRole('button', { name: 'Take down' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Confirm: Take down' });
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: 'Note (optional, kept in the audit log)' }),
      '  Same as the leak.  ',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Take down' }));

    expect(await screen.findByText('Done: Take down')).toBeVisible();
    expect(
      calls.filter((call) => call.method === 'POST').map((call) => [call.url, call.body]),
    ).toEqual([
      ['/api/moderation/review/700', { decision: 'take_down', note: 'Same as the leak.' }],
    ]);
    expect(screen.queryByRole('button', { name: 'Open held story #700' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open held story #701' })).toBeVisible();
  });

  it('says when nothing is held', async () => {
    mockFetch({ ...noQueue, 'GET /api/moderation/review': { body: { items: [] } } });
    await openTab('Review');
    expect(await screen.findByText('No story is waiting for review.')).toBeVisible();
  });

  it('offers a retry when the list fails', async () => {
    mockFetch({
      ...noQueue,
      'GET /api/moderation/review': { status: 500, body: { err_key: 'internal_error' } },
    });
    await openTab('Review');
    expect(await screen.findByRole('button', { name: /try again/i })).toBeVisible();
  });
});

describe('ModerationConsoleScreen: blocklist', () => {
  it('lists entries with label, source and date; a moderator gets no remove button', async () => {
    mockFetch({
      ...noQueue,
      'GET /api/moderation/blocklist': {
        body: { entries: [entry(), entry({ id: 13, source_story_id: null, label: '' })] },
      },
    });
    await openTab('Blocklist');
    const list = await screen.findByRole('list', { name: 'Blocklist' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('Known leak');
    expect(rows[0]).toHaveTextContent('From story #501');
    expect(rows[0]).toHaveTextContent('2026');
    expect(rows[1]).toHaveTextContent('No label');
    expect(rows[1]).toHaveTextContent('From an uploaded file');
    expect(within(list).queryByRole('button')).not.toBeInTheDocument();
  });

  it('lets an admin remove an entry after a confirmation', async () => {
    const { calls } = mockFetch({
      ...noQueue,
      'GET /api/moderation/blocklist': () => ({
        body: {
          entries: calls.some((call) => call.method === 'DELETE') ? [] : [entry()],
        },
      }),
      'DELETE /api/moderation/blocklist/12': { body: { success: true } },
    });
    await openTab('Blocklist', 'admin');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Remove Known leak from the blocklist' }),
    );
    const dialog = screen.getByRole('alertdialog', { name: 'Remove from the blocklist?' });
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Removed from the blocklist')).toBeVisible();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual([
      '/api/moderation/blocklist/12',
    ]);
    expect(await screen.findByText('Nothing is on the blocklist yet.')).toBeVisible();
  });

  it('adds an uploaded file with its label, and asks for a file first', async () => {
    const { calls } = mockFetch({
      ...noQueue,
      'GET /api/moderation/blocklist': { body: { entries: [] } },
      'POST /api/moderation/blocklist/from-file': { status: 201, body: { added: 3 } },
    });
    await openTab('Blocklist');
    const form = await screen.findByRole('form', { name: 'Add from a file' });
    await userEvent.click(within(form).getByRole('button', { name: 'Add to blocklist' }));
    expect(within(form).getByLabelText('Picture or video')).toHaveAccessibleDescription(
      'Choose a picture or video.',
    );
    const file = new File(['jpeg'], 'leak.jpg', { type: 'image/jpeg' });
    await userEvent.upload(within(form).getByLabelText('Picture or video'), file);
    await userEvent.type(within(form).getByRole('textbox', { name: /Label/ }), 'Leaked set');
    await userEvent.click(within(form).getByRole('button', { name: 'Add to blocklist' }));
    expect(await screen.findByText('3 hashes listed')).toBeVisible();
    const posted = calls.filter((call) => call.method === 'POST');
    expect(posted).toHaveLength(1);
    const body = posted[0]!.body as FormData;
    expect(body.get('label')).toBe('Leaked set');
    expect((body.get('file') as File).name).toBe('leak.jpg');
    await waitFor(() =>
      expect(within(form).getByRole('textbox', { name: /Label/ })).toHaveValue(''),
    );
  });
});

describe('ModerationConsoleScreen: queue take-down', () => {
  it('sends block_copies when "Also block copies" is ticked', async () => {
    const story = {
      kind: 'story' as const,
      target_id: 501,
      owner: { id: 40, name: 'Grace', slug: 'grace', avatar_url: null },
      report_count: 1,
      reasons: [{ reason: 'spam' as const, count: 1 }],
      reporters: [],
      details: [],
      first_reported_at: hoursAgo(2),
      last_reported_at: hoursAgo(2),
      urgent: false,
      overdue: false,
      item: null,
    };
    const { calls } = mockFetch({
      'GET /api/moderation/queue': { body: { items: [story], next_cursor: null, open_items: 1 } },
      'POST /api/moderation/actions': { body: { success: true, audit_id: 3, reports_closed: 1 } },
    });
    const queryClient = testQueryClient();
    queryClient.setQueryData(authKeys.me, makeUser({ role: 'moderator' }));
    renderScreen(<ModerationConsoleScreen />, { path: '/admin', queryClient });
    await userEvent.click(await screen.findByRole('button', { name: 'Open Story by Grace' }));
    await userEvent.click(screen.getByRole('button', { name: 'Take down' }));
    const dialog = screen.getByRole('dialog', { name: 'Take down' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Note/ }), 'Leak');
    await userEvent.click(
      within(dialog).getByRole('checkbox', { name: 'Also block copies of this picture or video' }),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await screen.findByText('Done: Take down');
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      { kind: 'story', target_id: 501, action: 'take_down', note: 'Leak', block_copies: true },
    ]);
  });
});
