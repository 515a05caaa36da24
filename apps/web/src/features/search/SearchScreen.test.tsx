import type { SearchPage, SearchResult } from '@glimpse/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch, type MockResponse, type RecordedCall } from '../../test/fetch-mock.ts';
import { landing, renderScreen } from '../../test/render.tsx';
import { SearchScreen } from './SearchScreen.tsx';

function result(id: number, name: string, extra: Partial<SearchResult> = {}): SearchResult {
  const slug = name.toLowerCase().replace(/\s+/g, '-');
  return {
    id,
    slug,
    name,
    profileImage: null,
    avatar_srcset: null,
    verified: false,
    matched_tag: null,
    ...extra,
  };
}

const anna = result(1, 'Anna Rivera', { verified: true });
const annika = result(2, 'Annika Rivers');
const tagged = result(3, 'Petra Ash', { matched_tag: 'Fitness' });

const page = (data: SearchResult[], next_cursor: string | null = null): MockResponse => ({
  body: { data, next_cursor } satisfies SearchPage,
});

/** The search screen at `path`, with the API answering `answer` for each search request. */
function renderSearch(answer: (call: RecordedCall) => MockResponse, path = '/search') {
  const fetch = mockFetch({ 'GET /api/search': answer });
  const rendered = renderScreen(<SearchScreen />, {
    path,
    pattern: '/search',
    extraRoutes: [landing('/'), landing('/u/:slug')],
  });
  const searches = () => fetch.calls.filter((call) => call.url.startsWith('/api/search'));
  const params = (call: RecordedCall) => new URL(call.url, 'http://x').searchParams;
  return { ...rendered, searches, params };
}

const field = () => screen.getByRole('searchbox', { name: 'Search creators' });

describe('SearchScreen', () => {
  it('searches as the text rests, once, and lists whom it found as links to their profiles', async () => {
    const { searches, params, location } = renderSearch(() => page([anna, tagged]));
    expect(screen.getByRole('heading', { name: 'Find creators' })).toBeInTheDocument();
    expect(field()).toHaveFocus();

    await userEvent.type(field(), 'Ana Rivra');
    const list = await screen.findByRole('list', { name: 'Results' });
    // One request for the whole word typed, not one a keystroke.
    expect(searches()).toHaveLength(1);
    expect(params(searches()[0]!).get('q')).toBe('Ana Rivra');
    const links = within(list).getAllByRole('link');
    expect(links[0]).toHaveAttribute('href', '/u/anna-rivera?from=search');
    expect(links[0]).toHaveTextContent('Anna Rivera');
    expect(links[0]).toHaveTextContent('@anna-rivera');
    expect(within(links[0]!).getByRole('img', { name: 'Verified' })).toBeInTheDocument();
    expect(links[0]).toHaveAccessibleName('Anna Rivera Verified @anna-rivera');
    expect(links[1]).toHaveAccessibleName('Petra Ash @petra-ash Tag: Fitness');
    expect(screen.getByRole('status')).toHaveTextContent('2 creators found');
    // The text is in the address, so Back from a profile finds the same results.
    await waitFor(() => expect(location.search).toBe('?q=Ana+Rivra'));
  });

  it('starts from the text in the address', async () => {
    const { searches, params } = renderSearch(() => page([anna]), '/search?q=anna');
    expect(field()).toHaveValue('anna');
    // Back from a profile: the results, not a phone's keyboard over them.
    expect(field()).not.toHaveFocus();
    expect(await screen.findByRole('link', { name: /Anna Rivera/ })).toBeInTheDocument();
    expect(params(searches()[0]!).get('q')).toBe('anna');
  });

  it('moves through the results with the arrow keys and opens one with Enter', async () => {
    renderSearch(() => page([anna, annika]));
    await userEvent.type(field(), 'ann');
    const [first, second] = within(await screen.findByRole('list')).getAllByRole('link');

    await userEvent.keyboard('{ArrowDown}');
    expect(first).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(second).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(second).toHaveFocus();
    await userEvent.keyboard('{ArrowUp}{ArrowUp}');
    expect(field()).toHaveFocus();

    await userEvent.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(await screen.findByText('landed on /u/:slug')).toBeInTheDocument();
  });

  it('opens the first result with Enter in the field', async () => {
    const { location } = renderSearch(() => page([anna, annika]));
    await userEvent.type(field(), 'ann');
    await screen.findByRole('list');
    await userEvent.keyboard('{Enter}');
    await screen.findByText('landed on /u/:slug');
    expect(location.pathname).toBe('/u/anna-rivera');
  });

  it.each([
    ['Escape', () => userEvent.keyboard('{Escape}')],
    ['the back arrow', () => userEvent.click(screen.getByRole('button', { name: 'Close search' }))],
  ])('closes with %s (home when there is nothing to go back to)', async (_how, close) => {
    renderSearch(() => page([anna]));
    await userEvent.type(field(), 'ann');
    await close();
    expect(await screen.findByText('landed on /')).toBeInTheDocument();
  });

  it('says when nobody matches, and offers a retry when the search fails', async () => {
    let attempts = 0;
    renderSearch((call) => {
      if (call.url.includes('zzz')) return page([]);
      attempts += 1;
      return attempts === 1 ? { status: 500, body: {} } : page([anna]);
    });
    await userEvent.type(field(), 'zzz');
    expect(
      await screen.findByRole('heading', { name: 'No one found for “zzz”' }),
    ).toBeInTheDocument();

    await userEvent.clear(field());
    expect(await screen.findByRole('heading', { name: 'Find creators' })).toBeInTheDocument();
    await userEvent.type(field(), 'anna');
    expect(await screen.findByRole('alert')).toHaveTextContent('The search did not go through.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: /Anna Rivera/ })).toBeInTheDocument();
  });

  it('loads the next page after the last result', async () => {
    const { searches, params } = renderSearch((call) =>
      call.url.includes('cursor=') ? page([annika]) : page([anna], 'next-1'),
    );
    await userEvent.type(field(), 'ann');
    await screen.findByRole('link', { name: /Anna Rivera/ });
    expect(screen.getByRole('status')).toHaveTextContent('More than 1 creators found');
    // jsdom cannot observe the end of the list: the button stands in for it.
    await userEvent.click(screen.getByRole('button', { name: 'Show more results' }));
    expect(await screen.findByRole('link', { name: /Annika Rivers/ })).toBeInTheDocument();
    expect(params(searches()[1]!).get('cursor')).toBe('next-1');
    expect(screen.getAllByRole('link', { name: /Ann/ })).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Show more results' })).toBeNull();
  });

  it('aborts the request for a text typed past', async () => {
    const signals: AbortSignal[] = [];
    const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = String(input);
      signals.push(init.signal!);
      if (url.includes('q=ann&') || url.endsWith('q=ann')) {
        // The first text's answer never comes; only the abort ends it.
        return new Promise<Response>((_, reject) =>
          init.signal!.addEventListener('abort', () => reject(init.signal!.reason)),
        );
      }
      return new Response(JSON.stringify({ data: [anna], next_cursor: null }), {
        headers: { 'content-type': 'application/json' },
      });
    });
    vi.stubGlobal('fetch', fetchMock);
    renderScreen(<SearchScreen />, { path: '/search', pattern: '/search' });
    await userEvent.type(field(), 'ann');
    await waitFor(() => expect(signals).toHaveLength(1));
    await userEvent.type(field(), 'a rivera');
    expect(await screen.findByRole('link', { name: /Anna Rivera/ })).toBeInTheDocument();
    await waitFor(() => expect(signals[0]!.aborted).toBe(true));
    expect(signals.at(-1)!.aborted).toBe(false);
  });
});
