import type { Story, StoryGroup } from '@glimpse/contract';
import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, vi } from 'vitest';
import { mockFetch, type MockResponse } from '../../../test/fetch-mock.ts';
import { renderScreen } from '../../../test/render.tsx';
import { useStoryViewer, type OpenStoryViewerOptions } from '../story-viewer-context.ts';

// The overlay is a lazy chunk. Loaded inside a file's first test, on a busy machine, it can
// outlast the wait for the dialog; every file using these helpers loads it up front instead.
beforeAll(async () => {
  await import('../StoryViewerOverlay.tsx');
}, 60_000);

export function makeStory(overrides: Partial<Story> = {}): Story {
  const id = overrides.id ?? 11;
  return {
    id,
    user_id: 1,
    username: 'ada',
    slug: 'ada',
    name: 'Ada',
    type: 'other',
    text: `Story ${id}`,
    tags: [],
    is_video: false,
    video_duration: null,
    video_meta: { muted: false, width: 1080, height: 1920 },
    is_slo_mo: false,
    slow_motion_src: null,
    webm_video_src: null,
    mp4_video_src: null,
    overlay_image_src: `/media/${id}.jpg`,
    overlay_src: `/media/${id}.webp`,
    isAvailable: true,
    price: null,
    watched: false,
    verified: true,
    noPaid: false,
    created_date: '2025-01-01T10:00:00.000Z',
    ...overrides,
  };
}

export function makeVideoStory(overrides: Partial<Story> = {}): Story {
  const id = overrides.id ?? 31;
  return makeStory({
    id,
    is_video: true,
    video_duration: 8,
    mp4_video_src: `/media/${id}.mp4`,
    webm_video_src: `/media/${id}.webm`,
    overlay_image_src: `/media/${id}-poster.jpg`,
    overlay_src: `/media/${id}-poster.webp`,
    ...overrides,
  });
}

export function makeGroup(overrides: Partial<StoryGroup> = {}): StoryGroup {
  return {
    stories: [makeStory()],
    profileImage: null,
    name: 'Ada',
    slug: 'ada',
    creator_id: 1,
    subscribePrice: null,
    subscriptionBenefits: { benefits_list: [], bundles: [] },
    guide: false,
    auth_id: 99,
    ...overrides,
  };
}

function Opener(options: OpenStoryViewerOptions) {
  const viewer = useStoryViewer();
  return (
    <button type="button" onClick={() => viewer.open(options)}>
      Open stories
    </button>
  );
}

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
    <Opener
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
  // The first opening also loads the viewer's lazy chunk, slow on a busy test machine.
  return screen.findByRole('dialog', { name: `Stories of ${name}` }, { timeout: 10_000 });
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
