import type { StoryGroup } from '@glimpse/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, expect, vi } from 'vitest';
import { mockFetch, type MockResponse } from '../../../test/fetch-mock.ts';
import { renderScreen } from '../../../test/render.tsx';
import type { OpenStoryViewerOptions } from '../story-viewer-context.ts';
import { StoryOpener } from './story-opener.tsx';

export { makeGroup, makeStory, makeVideoStory } from './story-fixtures.ts';

// The overlay is a lazy chunk. Loaded inside a file's first test, on a busy machine, it can
// outlast the wait for the dialog; every file using these helpers loads it up front instead.
beforeAll(async () => {
  await import('../StoryViewerOverlay.tsx');
}, 60_000);

interface RenderViewerOptions extends Partial<OpenStoryViewerOptions> {
  groups: StoryGroup[];
  extraHandlers?: Record<string, MockResponse>;
}

/** Stubs the story endpoints and the video element; renders an opener inside the app providers. */
export function renderViewer({ groups, extraHandlers = {}, ...options }: RenderViewerOptions) {
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
  const handlers: Record<string, MockResponse> = {
    'POST /api/users/update-guide': { body: { success: true } },
    ...extraHandlers,
  };
  for (const group of groups) {
    handlers[`GET /api/users/${group.creator_id}/stories`] = { body: group };
    for (const story of group.stories) {
      handlers[`POST /api/stories/${story.id}/watch`] = { status: 204 };
    }
  }
  const fetchMock = mockFetch(handlers);
  const onClose = options.onClose ?? vi.fn();
  const rendered = renderScreen(
    <StoryOpener
      userIds={options.userIds ?? groups.map((group) => group.creator_id)}
      startUserIndex={options.startUserIndex ?? 0}
      startStoryIndex={options.startStoryIndex}
      onClose={onClose}
    />,
  );
  return { ...rendered, ...fetchMock, onClose };
}

export async function openViewer(name = 'Ada') {
  const opener = screen.getByRole('button', { name: 'Open stories' });
  opener.focus();
  fireEvent.click(opener);
  await loadOpeningPicture();
  // The first opening also loads the viewer's lazy chunk, slow on a busy test machine.
  const dialog = await screen.findByRole(
    'dialog',
    { name: `Stories of ${name}` },
    { timeout: 10_000 },
  );
  // The viewer takes the focus after its first frame, so keys reach it from then on.
  await waitFor(() => expect(dialog).toHaveFocus());
  // Its story follows the dialog in a render of its own (StoryViewerOverlay).
  await within(dialog).findByTestId('story-frame');
  return dialog;
}

/**
 * Plays the browser's part in an opening: the picture shown while the viewer's code loads
 * (OpeningPicture) arrives, and the viewer, which waits for it, takes its place. A locked story
 * has none. Images never load in jsdom otherwise, and the viewer would wait its full second.
 */
export async function loadOpeningPicture() {
  await waitFor(
    () =>
      expect(screen.queryByTestId('opening-picture') ?? screen.queryByRole('dialog')).toBeTruthy(),
    { timeout: 10_000 },
  );
  const picture = screen.queryByTestId('opening-picture')?.querySelector('img');
  if (picture) fireEvent.load(picture);
}

/** A quick press and release at x (the test window is 1024 px wide: thirds at 341 and 683). */
export function tapAt(clientX: number, clientY = 400) {
  const stage = screen.getByTestId('story-stage');
  fireEvent.pointerDown(stage, { clientX, clientY, pointerId: 1 });
  fireEvent.pointerUp(stage, { clientX, clientY, pointerId: 1 });
}

export const TAP_LEFT = 100;
export const TAP_MIDDLE = 500;
export const TAP_RIGHT = 900;

/** A press and release on any element (the lock card, a dialog), bubbling as a real one would. */
export function tapOn(element: Element, clientX: number, clientY = 400) {
  fireEvent.pointerDown(element, { clientX, clientY, pointerId: 1 });
  fireEvent.pointerUp(element, { clientX, clientY, pointerId: 1 });
}

/** Opens the header's "More" menu and returns it. */
export async function openMoreMenu() {
  await userEvent.click(screen.getByRole('button', { name: 'More' }));
  return screen.findByRole('menu');
}

/** Makes the window a desktop one for the viewer's media query (jsdom has no matchMedia). */
export function stubDesktopWindow() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query === '(min-width: 1024px)',
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

export function postedPaths(calls: { method: string; url: string }[]) {
  return calls.filter((call) => call.method === 'POST').map((call) => call.url);
}

/** Advances fake timers inside act, so the React updates they cause are flushed. */
export function advance(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

export function currentPosition() {
  return screen.getByText(/^Story \d+ of \d+$/).textContent;
}
