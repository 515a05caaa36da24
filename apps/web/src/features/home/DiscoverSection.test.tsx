import { DISCOVER_REFRESH_MS } from '@glimpse/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, type RecordedCall } from '../../test/fetch-mock.ts';
import { renderScreen } from '../../test/render.tsx';
import { HOME_FILTERS_KEY } from '../filter/index.ts';
import { recordingStoryViewer } from '../story-viewer/test/recording-viewer.tsx';
import { makeHomeItems } from './test/home-test-data.ts';
import { discoverLimit } from './home.queries.ts';
import { HomeScreen } from './HomeScreen.tsx';

// Screens open the viewer through its context: this one records what they open.
let viewer: ReturnType<typeof recordingStoryViewer>;
beforeEach(() => {
  viewer = recordingStoryViewer();
});

/** IntersectionObserver stand-in: the test decides when the sentinel is in view. */
class IntersectionObserverStub {
  static live = new Set<IntersectionObserverStub>();
  private target: Element | null = null;
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe(target: Element) {
    this.target = target;
    IntersectionObserverStub.live.add(this);
  }
  unobserve() {}
  disconnect() {
    IntersectionObserverStub.live.delete(this);
  }
  takeRecords() {
    return [];
  }
  reveal() {
    const entry = { isIntersecting: true, target: this.target } as IntersectionObserverEntry;
    this.callback([entry], this as unknown as IntersectionObserver);
  }
}

function revealSentinel() {
  const observers = [...IntersectionObserverStub.live];
  expect(observers).toHaveLength(1);
  act(() => observers[0]?.reveal());
}

// 1000 px tall: floor(1000 / 50) = 20 rows, rounded up to whole rows of 3 -> 21 per page.
const LIMIT = 21;

function page(call: RecordedCall) {
  return Number(new URL(call.url, 'http://test').searchParams.get('page'));
}

function renderDiscover() {
  window.localStorage.setItem(HOME_FILTERS_KEY, JSON.stringify({ sections: ['discover'] }));
  const fetch = mockFetch({
    'GET /api/home/stories/discover': (call) => {
      const number = page(call);
      // Two full pages, then a short last page.
      return { body: makeHomeItems((number - 1) * LIMIT + 1, number < 3 ? LIMIT : 5) };
    },
  });
  const discoverCalls = () => fetch.calls.filter((call) => call.url.includes('/discover'));
  return { ...fetch, discoverCalls, ...renderScreen(viewer.around(<HomeScreen />)) };
}

const gridItems = async () =>
  within(await screen.findByRole('region', { name: 'Discover' })).queryAllByRole('listitem');

beforeEach(() => {
  IntersectionObserverStub.live.clear();
  vi.stubGlobal('IntersectionObserver', IntersectionObserverStub);
  vi.stubGlobal('innerHeight', 1000);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('discoverLimit (spec 9)', () => {
  it('is 3 x ceil(floor(height / 50) / 3), kept within what the server accepts', () => {
    expect(discoverLimit(1000)).toBe(21);
    expect(discoverLimit(800)).toBe(18);
    expect(discoverLimit(649)).toBe(12);
    expect(discoverLimit(20)).toBe(3);
    expect(discoverLimit(10_000)).toBe(60);
  });
});

describe('Discover paging', () => {
  it('loads page 1 at once, and later pages only when the sentinel is in view', async () => {
    const { discoverCalls } = renderDiscover();
    await waitFor(async () => expect(await gridItems()).toHaveLength(LIMIT));
    expect(discoverCalls().map(page)).toEqual([1]);
    expect(new URL(discoverCalls()[0]?.url ?? '', 'http://t').searchParams.get('limit')).toBe('21');

    revealSentinel();
    await waitFor(async () => expect(await gridItems()).toHaveLength(2 * LIMIT));
    expect(discoverCalls().map(page)).toEqual([1, 2]);

    revealSentinel();
    await waitFor(async () => expect(await gridItems()).toHaveLength(2 * LIMIT + 5));
    // A short page is the last one: the sentinel goes away.
    expect(screen.queryByTestId('discover-sentinel')).not.toBeInTheDocument();
    expect(IntersectionObserverStub.live.size).toBe(0);
  });

  it('refreshes the loaded pages in place every DISCOVER_REFRESH_MS', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { discoverCalls } = renderDiscover();
    await waitFor(async () => expect(await gridItems()).toHaveLength(LIMIT));
    revealSentinel();
    await waitFor(async () => expect(await gridItems()).toHaveLength(2 * LIMIT));

    await act(() => vi.advanceTimersByTimeAsync(DISCOVER_REFRESH_MS));
    await waitFor(() => expect(discoverCalls().map(page)).toEqual([1, 2, 1, 2]));
    expect(await gridItems()).toHaveLength(2 * LIMIT);
  });

  it('asks for no next page while the loaded pages are being fetched again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { discoverCalls } = renderDiscover();
    await waitFor(async () => expect(await gridItems()).toHaveLength(LIMIT));
    revealSentinel();
    await waitFor(async () => expect(await gridItems()).toHaveLength(2 * LIMIT));
    // Hold the refresh's answers: a next page asked for now would cancel the refresh.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const answer = globalThis.fetch;
    vi.stubGlobal('fetch', async (...args: Parameters<typeof fetch>) => {
      await held;
      return answer(...args);
    });
    await act(() => vi.advanceTimersByTimeAsync(DISCOVER_REFRESH_MS));
    expect(IntersectionObserverStub.live.size).toBe(0);
    release();
    await waitFor(() => expect(discoverCalls().map(page)).toEqual([1, 2, 1, 2]));
    await waitFor(() => expect(IntersectionObserverStub.live.size).toBe(1));
  });

  it('after the viewer closes, reloads the lists and starts Discover again at page 1', async () => {
    const { discoverCalls } = renderDiscover();
    await waitFor(async () => expect(await gridItems()).toHaveLength(LIMIT));
    revealSentinel();
    await waitFor(async () => expect(await gridItems()).toHaveLength(2 * LIMIT));

    const discover = await screen.findByRole('region', { name: 'Discover' });
    await userEvent.click(within(discover).getByRole('button', { name: 'Stories of Creator 23' }));
    const options = viewer.open.mock.lastCall![0];
    expect(options.startUserIndex).toBe(22);
    expect(options.userIds).toHaveLength(2 * LIMIT);

    act(() => options.onClose!());
    await waitFor(() => expect(discoverCalls().map(page)).toEqual([1, 2, 1]));
    expect(await gridItems()).toHaveLength(LIMIT);
  });
});
