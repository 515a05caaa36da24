import type { HomeItem } from '@glimpse/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockFetch, type MockResponse, type RecordedCall } from '../../test/fetch-mock.ts';
import { renderScreen, testQueryClient } from '../../test/render.tsx';
import { fakeServer } from '../../test/fake-realtime.ts';
import { HOME_FILTERS_KEY } from '../filter/index.ts';
import { HomeScreen } from './HomeScreen.tsx';
import { makeHomeItem } from './test/home-test-data.ts';

beforeEach(() => fakeServer.reset());

type Handler = MockResponse | ((call: RecordedCall) => MockResponse);
type Section = 'subscribed' | 'following' | 'discover';

const live = (id: number, name: string, viewers: number): HomeItem =>
  makeHomeItem(id, { name, stream: { id: 100 + id, title: `Show ${id}`, viewer_count: viewers } });

function renderStreams(
  answers: Partial<Record<Section, Handler>> = {},
  queryClient = testQueryClient(),
) {
  const fetch = mockFetch({
    'GET /api/home/stories/subscribed': { body: [] },
    'GET /api/home/stories/following': { body: [] },
    'GET /api/home/stories/discover': { body: [] },
    'GET /api/home/streams/subscribed': answers.subscribed ?? { body: [live(1, 'Sub One', 4)] },
    'GET /api/home/streams/following': answers.following ?? { body: [live(2, 'Fol Two', 1)] },
    'GET /api/home/streams/discover': answers.discover ?? { body: [live(3, 'Dis Three', 20)] },
  });
  return { ...fetch, ...renderScreen(<HomeScreen />, { queryClient }) };
}

const streamCalls = (calls: RecordedCall[]) =>
  calls.filter((call) => call.url.startsWith('/api/home/streams/'));

async function openStreamsTab() {
  await userEvent.click(screen.getByRole('tab', { name: 'Streams' }));
  return screen.getByRole('tabpanel', { name: 'Streams' });
}

describe('Streams tab', () => {
  it('loads only once shown, then lists live creators with a badge and viewers', async () => {
    const { calls } = renderStreams();
    await screen.findByRole('region', { name: 'Subscribed' });
    expect(streamCalls(calls)).toHaveLength(0);
    const panel = await openStreamsTab();
    const subscribed = await within(panel).findByRole('region', { name: 'Subscribed' });
    const watch = await within(subscribed).findByRole('link', {
      name: 'Watch Sub One live: Show 1, 4 watching',
    });
    expect(watch).toHaveAttribute('href', '/u/creator-1/streams?fromHome=1');
    expect(within(watch).getByText('Live')).toBeVisible();
    expect(within(subscribed).getByRole('link', { name: 'Sub One' })).toHaveAttribute(
      'href',
      '/u/creator-1?from=home',
    );
    expect(within(subscribed).getByText('4 watching')).toBeVisible();
    const discover = within(panel).getByRole('region', { name: 'Discover' });
    expect(await within(discover).findByText('20 watching')).toBeVisible();
    expect(within(discover).getByRole('list')).toHaveClass('grid-cols-3');
  });

  it('says nobody is live per section, and shows an error with a retry', async () => {
    let fail = true;
    renderStreams({
      subscribed: { body: [] },
      following: { body: [] },
      discover: () =>
        fail
          ? { status: 500, body: { err_key: 'internal_error' } }
          : { body: [live(9, 'Nine', 2)] },
    });
    const panel = await openStreamsTab();
    expect(await within(panel).findByText('Nobody you follow is live right now.')).toBeVisible();
    expect(within(panel).getByText('Nobody you subscribe to is live right now.')).toBeVisible();
    // Each empty row offers a way on: the creators' stories, or who else is live.
    const following = within(panel).getByRole('region', { name: 'Following' });
    expect(within(following).getByRole('button', { name: 'See their stories' })).toBeVisible();
    // The failed list is one message with one retry, in place of its section.
    const alert = await within(panel).findByRole('alert');
    expect(alert).toHaveTextContent('Discover could not be loaded.');
    expect(within(panel).queryByRole('region', { name: 'Discover' })).toBeNull();
    expect(within(following).queryByRole('button', { name: 'Who else is live' })).toBeNull();
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    const discover = await within(panel).findByRole('region', { name: 'Discover' });
    expect(await within(discover).findByText('2 watching')).toBeVisible();
    expect(within(panel).queryByRole('alert')).toBeNull();
    expect(within(following).getByRole('button', { name: 'Who else is live' })).toBeVisible();
    await userEvent.click(within(following).getByRole('button', { name: 'See their stories' }));
    expect(screen.getByRole('tab', { name: 'Stories' })).toHaveAttribute('aria-selected', 'true');
  });

  it('offers to go live when nobody is, and to change or clear a filter that leaves everyone out', async () => {
    window.localStorage.setItem(
      HOME_FILTERS_KEY,
      JSON.stringify({ sections: ['following', 'discover'], range: [18, 30] }),
    );
    renderStreams({ following: { body: [] }, discover: { body: [] } });
    const panel = await openStreamsTab();
    const following = await within(panel).findByRole('region', { name: 'Following' });
    expect(
      await within(following).findByText('Nobody you follow who matches your filter is live.'),
    ).toBeVisible();
    expect(within(following).getByRole('button', { name: 'Change filter' })).toBeVisible();
    const discover = within(panel).getByRole('region', { name: 'Discover' });
    expect(await within(discover).findByText('Nobody live matches your filter.')).toBeVisible();
    await userEvent.click(within(discover).getByRole('button', { name: 'Clear filter' }));
    expect(window.localStorage.getItem(HOME_FILTERS_KEY)).toBeNull();
    expect(await within(discover).findByText('Nobody is live right now.')).toBeVisible();
    expect(within(discover).getByRole('link', { name: 'Go live' })).toHaveAttribute(
      'href',
      '/me/live',
    );
  });

  it('sends the saved filter and leaves out the sections it hides', async () => {
    window.localStorage.setItem(
      HOME_FILTERS_KEY,
      JSON.stringify({
        sections: ['following'],
        range: [21, 35],
        activeGenders: ['female'],
        tags: [],
        categories: [],
        countries: [0],
      }),
    );
    const { calls } = renderStreams();
    const panel = await openStreamsTab();
    await within(panel).findByRole('region', { name: 'Following' });
    expect(within(panel).queryByRole('region', { name: 'Discover' })).not.toBeInTheDocument();
    await waitFor(() => expect(streamCalls(calls)).toHaveLength(1));
    const url = new URL(streamCalls(calls)[0]!.url, 'http://test');
    expect(url.pathname).toBe('/api/home/streams/following');
    expect(url.searchParams.get('age_min')).toBe('21');
    expect(url.searchParams.getAll('genders[]')).toEqual(['female']);
  });

  it('reloads its lists when a stream starts or ends', async () => {
    let following = [live(2, 'Fol Two', 1)];
    const { calls } = renderStreams({ following: () => ({ body: following }) });
    const panel = await openStreamsTab();
    await within(panel).findByText('Fol Two');
    const before = streamCalls(calls).length;
    following = [live(2, 'Fol Two', 1), live(5, 'New Five', 0)];
    fakeServer.emit('stream.started', { stream_id: 105, user_id: 5 });
    expect(await within(panel).findByText('New Five')).toBeVisible();
    // One reload of every list, not one per event.
    expect(streamCalls(calls).length).toBe(before + 3);
    following = [live(5, 'New Five', 0)];
    fakeServer.emit('stream.ended', { stream_id: 102, user_id: 2 });
    await waitFor(() => expect(within(panel).queryByText('Fol Two')).not.toBeInTheDocument());
  });

  it('reads the lists again when home is shown again, so a stream that ended meanwhile goes', async () => {
    // Away from home (watching the stream), its stream.ended reached no list.
    let discover = [live(3, 'Dis Three', 20)];
    const queryClient = testQueryClient();
    const first = renderStreams({ discover: () => ({ body: discover }) }, queryClient);
    expect(await within(await openStreamsTab()).findByText('Dis Three')).toBeVisible();
    first.unmount();
    discover = [];
    renderStreams({ discover: () => ({ body: discover }) }, queryClient);
    const panel = await openStreamsTab();
    expect(await within(panel).findByText('Nobody is live right now.')).toBeVisible();
    expect(within(panel).queryByText('Dis Three')).not.toBeInTheDocument();
  });
});
