import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, type MockResponse, type RecordedCall } from '../../test/fetch-mock.ts';
import { renderScreen } from '../../test/render.tsx';
import { HOME_FILTERS_KEY } from '../filter/index.ts';
import { recordingStoryViewer } from '../story-viewer/test/recording-viewer.tsx';
import { makeHomeItem } from './test/home-test-data.ts';
import { HomeScreen } from './HomeScreen.tsx';

// Screens open the viewer through its context: this one records what they open.
let viewer: ReturnType<typeof recordingStoryViewer>;
beforeEach(() => {
  viewer = recordingStoryViewer();
});

type Handler = MockResponse | ((call: RecordedCall) => MockResponse);

function renderHome(
  answers: Partial<Record<'subscribed' | 'following' | 'discover', Handler>> = {},
) {
  const fetch = mockFetch({
    'GET /api/home/stories/subscribed': answers.subscribed ?? {
      body: [makeHomeItem(1, { name: 'Sub One', hasNotWatchedStories: true, isVerify: true })],
    },
    'GET /api/home/stories/following': answers.following ?? {
      body: [makeHomeItem(2, { name: 'Fol Two' }), makeHomeItem(3, { name: 'Fol Three' })],
    },
    'GET /api/home/stories/discover': answers.discover ?? {
      body: [makeHomeItem(4, { name: 'Dis Four' })],
    },
    // Nobody live: the Streams tab shows its sections, empty, once it is opened.
    'GET /api/home/streams/subscribed': { body: [] },
    'GET /api/home/streams/following': { body: [] },
    'GET /api/home/streams/discover': { body: [] },
  });
  return { ...fetch, ...renderScreen(viewer.around(<HomeScreen />)) };
}

const region = (name: string) => screen.findByRole('region', { name });

describe('HomeScreen sections', () => {
  it('shows Subscribed, Following and Discover with their creators', async () => {
    renderHome();
    const subscribed = await region('Subscribed');
    expect(await within(subscribed).findByRole('link', { name: 'Sub One' })).toHaveAttribute(
      'href',
      '/u/creator-1?from=home',
    );
    expect(within(subscribed).getByRole('img', { name: 'Verified' })).toBeInTheDocument();
    expect(
      within(subscribed).getByRole('button', { name: 'Stories of Sub One, new stories' }),
    ).toHaveAttribute('data-ringed', 'true');

    const following = await region('Following');
    expect(
      await within(following).findByRole('button', { name: 'Stories of Fol Two' }),
    ).toHaveAttribute('data-ringed', 'false');
    const discover = await region('Discover');
    expect(await within(discover).findByRole('link', { name: 'Dis Four' })).toBeInTheDocument();
    expect(within(discover).getByRole('list')).toHaveClass('grid-cols-3');
  });

  it('shows skeletons while loading, then an empty text per section with a way on', async () => {
    renderHome({ subscribed: { body: [] }, following: { body: [] }, discover: { body: [] } });
    expect(screen.getByTestId('skeleton-grid')).toBeInTheDocument();
    expect(screen.getAllByTestId('skeleton-row')).toHaveLength(2);
    const subscribed = await region('Subscribed');
    expect(
      await within(subscribed).findByText('You are not subscribed to anyone yet.'),
    ).toBeInTheDocument();
    const following = await region('Following');
    expect(
      await within(following).findByText('You are not following anyone yet.'),
    ).toBeInTheDocument();
    const discover = await region('Discover');
    expect(
      await within(discover).findByText('No creators to discover right now.'),
    ).toBeInTheDocument();
    expect(within(discover).getByRole('button', { name: 'Refresh' })).toBeInTheDocument();

    // "Discover creators" brings Discover into view and moves focus there.
    const scrolled = vi.fn();
    discover.scrollIntoView = scrolled;
    await userEvent.click(within(following).getByRole('button', { name: 'Discover creators' }));
    expect(scrolled).toHaveBeenCalled();
    expect(discover).toHaveFocus();
    expect(within(subscribed).getByRole('button', { name: 'Discover creators' })).toBeVisible();
  });

  it('says nobody matches the filter when it hides every creator, and offers to change or clear it', async () => {
    window.localStorage.setItem(
      HOME_FILTERS_KEY,
      JSON.stringify({ sections: ['subscribed', 'following', 'discover'], range: [18, 25] }),
    );
    renderHome({
      subscribed: (call) =>
        call.url.includes('age_max=25') ? { body: [] } : { body: [makeHomeItem(1)] },
      following: (call) =>
        call.url.includes('age_max=25') ? { body: [] } : { body: [makeHomeItem(2)] },
      discover: { body: [] },
    });
    const subscribed = await region('Subscribed');
    expect(
      await within(subscribed).findByText('No creators you subscribe to match your filter.'),
    ).toBeInTheDocument();
    expect(within(subscribed).queryByText('You are not subscribed to anyone yet.')).toBeNull();
    const following = await region('Following');
    expect(
      await within(following).findByText('No creators you follow match your filter.'),
    ).toBeInTheDocument();
    expect(await within(await region('Discover')).findByText('No creators match your filter.'));

    await userEvent.click(within(subscribed).getByRole('button', { name: 'Change filter' }));
    expect(
      await screen.findByRole('dialog', { name: 'Filters' }, { timeout: 10_000 }),
    ).toBeVisible();
    await userEvent.keyboard('{Escape}');

    await userEvent.click(within(following).getByRole('button', { name: 'Clear filter' }));
    expect(window.localStorage.getItem(HOME_FILTERS_KEY)).toBeNull();
    expect(await within(subscribed).findByRole('link', { name: 'Creator 1' })).toBeInTheDocument();
    expect(await within(following).findByRole('link', { name: 'Creator 2' })).toBeInTheDocument();
  });

  it('shows one error with one retry when the lists fail, and loads them all again', async () => {
    let fail = true;
    const failing =
      (items: number[]): Handler =>
      () =>
        fail
          ? { status: 500, body: { err_key: 'internal_error' } }
          : { body: items.map((id) => makeHomeItem(id)) };
    renderHome({ subscribed: failing([9]), following: failing([8]), discover: failing([7]) });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Subscribed, Following, and Discover could not be loaded.');
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: 'Try again' })).toHaveLength(1);
    expect(screen.queryByText('This list could not be loaded.')).toBeNull();
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(await region('Subscribed')).findByRole('link', { name: 'Creator 9' }));
    expect(await within(await region('Following')).findByRole('link', { name: 'Creator 8' }));
    expect(await within(await region('Discover')).findByRole('link', { name: 'Creator 7' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('names only the list that failed, and shows the others', async () => {
    renderHome({ following: { status: 500, body: { err_key: 'internal_error' } } });
    expect(await screen.findByRole('alert')).toHaveTextContent('Following could not be loaded.');
    expect(await within(await region('Subscribed')).findByRole('link', { name: 'Sub One' }));
    expect(screen.queryByRole('region', { name: 'Following' })).toBeNull();
  });

  it("puts a phone's New story in the tabs' row, not on a row of its own", () => {
    renderHome();
    const row = screen.getByRole('tablist', { name: 'Content' }).parentElement!;
    expect(within(row).getByRole('button', { name: 'New story' })).toBeInTheDocument();
  });

  it('hides the sections left out by the saved filter and sends its values', async () => {
    window.localStorage.setItem(
      HOME_FILTERS_KEY,
      JSON.stringify({
        sections: ['discover'],
        range: [21, 35],
        activeGenders: ['female'],
        tags: [4],
        categories: [],
        countries: [0],
      }),
    );
    const { calls } = renderHome();
    expect(await region('Discover')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Subscribed' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Following' })).not.toBeInTheDocument();
    // Only the home lists count: the header reads the signed-in user for its balance too.
    const homeCalls = () => calls.filter((call) => call.url.includes('/api/home/'));
    await waitFor(() => expect(homeCalls()).toHaveLength(1));
    const url = new URL(homeCalls()[0]?.url ?? '', 'http://test');
    expect(url.pathname).toBe('/api/home/stories/discover');
    expect(url.searchParams.get('age_min')).toBe('21');
    expect(url.searchParams.get('age_max')).toBe('35');
    expect(url.searchParams.getAll('genders[]')).toEqual(['female']);
    expect(url.searchParams.getAll('tags[]')).toEqual(['4']);
    // All countries: no country filter at all.
    expect(url.searchParams.has('countries[]')).toBe(false);
  });
});

describe('HomeScreen viewer', () => {
  it("opens the viewer on the tapped creator with the section's creators as the sequence", async () => {
    renderHome();
    const following = await region('Following');
    await userEvent.click(
      await within(following).findByRole('button', { name: 'Stories of Fol Three' }),
    );
    expect(viewer.open).toHaveBeenCalledWith(
      expect.objectContaining({ userIds: [2, 3], startUserIndex: 1 }),
    );
  });
});

describe('HomeScreen tabs', () => {
  it('switches by clicking the tabs', async () => {
    renderHome();
    expect(screen.getByRole('tablist', { name: 'Content' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Streams' }));
    expect(screen.getByRole('tab', { name: 'Streams' })).toHaveAttribute('aria-selected', 'true');
    // The Streams tab's own sections (StreamsTab.test.tsx); the Stories tab's are hidden.
    const streams = screen.getByRole('tabpanel', { name: 'Streams' });
    expect(await within(streams).findByRole('region', { name: 'Following' })).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Sub One' })).not.toBeInTheDocument();
  });

  it('moves between the tabs with the arrow keys, Home and End, one tab stop for both', async () => {
    renderHome();
    const stories = screen.getByRole('tab', { name: 'Stories' });
    const streams = screen.getByRole('tab', { name: 'Streams' });
    expect(stories).toHaveAttribute('tabindex', '0');
    expect(streams).toHaveAttribute('tabindex', '-1');
    expect(stories).toHaveAttribute('aria-controls', screen.getByRole('tabpanel').id);
    stories.focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(streams).toHaveFocus();
    expect(streams).toHaveAttribute('aria-selected', 'true');
    expect(streams).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('tabpanel', { name: 'Streams' })).toBeVisible();
    await userEvent.keyboard('{ArrowRight}');
    expect(stories).toHaveFocus();
    expect(stories).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{End}');
    expect(streams).toHaveFocus();
    await userEvent.keyboard('{Home}');
    expect(stories).toHaveFocus();
    await userEvent.keyboard('{ArrowLeft}');
    expect(streams).toHaveAttribute('aria-selected', 'true');
  });

  it('switches with a horizontal swipe of 50 px or more', async () => {
    renderHome();
    const panel = screen.getByRole('tabpanel', { name: 'Stories' });
    const swipe = (from: number, to: number, dy = 0) => {
      fireEvent.touchStart(panel, { touches: [{ clientX: from, clientY: 100 }] });
      fireEvent.touchEnd(panel, { changedTouches: [{ clientX: to, clientY: 100 + dy }] });
    };
    swipe(200, 151);
    expect(screen.getByRole('tab', { name: 'Stories' })).toHaveAttribute('aria-selected', 'true');
    swipe(200, 150, 80);
    expect(screen.getByRole('tab', { name: 'Stories' })).toHaveAttribute('aria-selected', 'true');
    // A row of creators scrolls sideways: swiping inside it is scrolling, not changing tabs.
    const row = await within(await region('Following')).findByRole('list');
    fireEvent.touchStart(row, { touches: [{ clientX: 200, clientY: 100 }] });
    fireEvent.touchEnd(row, { changedTouches: [{ clientX: 100, clientY: 100 }] });
    expect(screen.getByRole('tab', { name: 'Stories' })).toHaveAttribute('aria-selected', 'true');
    swipe(200, 150);
    expect(screen.getByRole('tab', { name: 'Streams' })).toHaveAttribute('aria-selected', 'true');
    const streams = screen.getByRole('tabpanel', { name: 'Streams' });
    fireEvent.touchStart(streams, { touches: [{ clientX: 100, clientY: 100 }] });
    fireEvent.touchEnd(streams, { changedTouches: [{ clientX: 160, clientY: 100 }] });
    expect(screen.getByRole('tab', { name: 'Stories' })).toHaveAttribute('aria-selected', 'true');
  });
});
