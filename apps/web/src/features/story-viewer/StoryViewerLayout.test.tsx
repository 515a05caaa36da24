import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  currentPosition,
  makeGroup,
  makeStory,
  makeVideoStory,
  openMoreMenu,
  openViewer,
  renderViewer,
  stubDesktopWindow,
  TAP_LEFT,
  TAP_RIGHT,
  tapOn,
} from './test/story-viewer.test-utils.tsx';

const lockedStory = makeStory({
  id: 42,
  isAvailable: false,
  price: 2.99,
  overlay_src: null,
  overlay_image_src: null,
});
const withLocked = makeGroup({
  stories: [makeStory({ id: 11, watched: true }), lockedStory, makeStory({ id: 13 })],
});

describe('Story viewer: a locked story keeps its gestures', () => {
  it('takes taps and a swipe down on the lock card like anywhere on the story', async () => {
    const { onClose } = renderViewer({ groups: [withLocked], startStoryIndex: 1 });
    await openViewer();
    expect(currentPosition()).toBe('Story 2 of 3');
    tapOn(await screen.findByRole('heading', { name: 'This story is locked' }), TAP_RIGHT);
    expect(currentPosition()).toBe('Story 3 of 3');

    await userEvent.keyboard('{ArrowLeft}');
    tapOn(screen.getByText('Unlock it for $2.99'), TAP_LEFT);
    expect(currentPosition()).toBe('Story 1 of 3');

    await userEvent.keyboard('{ArrowRight}');
    const card = screen.getByRole('heading', { name: 'This story is locked' });
    fireEvent.pointerDown(card, { clientX: 500, clientY: 300, pointerId: 1 });
    fireEvent.pointerMove(card, { clientX: 502, clientY: 340, pointerId: 1 });
    fireEvent.pointerUp(card, { clientX: 504, clientY: 380, pointerId: 1 });
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });

  it("leaves the card's buttons and the dialogs they open their own presses", async () => {
    renderViewer({ groups: [withLocked], startStoryIndex: 1 });
    await openViewer();
    const unlock = await screen.findByRole('button', { name: 'Unlock' });
    tapOn(unlock, TAP_RIGHT);
    await userEvent.click(unlock);
    const confirm = await screen.findByRole('alertdialog');
    expect(currentPosition()).toBe('Story 2 of 3');
    // The confirmation lives in a portal but bubbles through React to the story: no tap there.
    tapOn(within(confirm).getByText('Unlock this story for $2.99?'), TAP_RIGHT);
    expect(currentPosition()).toBe('Story 2 of 3');
  });
});

describe('Story viewer: the header keeps room for the name', () => {
  it('shows sound, pause, More and close on a video; repeat and report wait in More', async () => {
    renderViewer({ groups: [makeGroup({ stories: [makeVideoStory({ id: 31 })] })] });
    await openViewer();
    expect(screen.getByRole('button', { name: 'Mute' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pause' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Close' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Repeat' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Report story' })).not.toBeInTheDocument();

    const menu = await openMoreMenu();
    expect(within(menu).getByRole('menuitemcheckbox', { name: 'Repeat' })).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Report story' })).toBeInTheDocument();
  });

  it('keeps the story waiting while the menu is open', async () => {
    renderViewer({ groups: [makeGroup({ stories: [makeVideoStory({ id: 31 })] })] });
    await openViewer();
    const pause = vi.mocked(HTMLMediaElement.prototype.pause);
    const play = vi.mocked(HTMLMediaElement.prototype.play);
    pause.mockClear();
    await openMoreMenu();
    expect(pause).toHaveBeenCalled();
    play.mockClear();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(play).toHaveBeenCalled();
  });

  it('offers report alone on an image of another creator', async () => {
    renderViewer({ groups: [makeGroup()] });
    await openViewer();
    const menu = await openMoreMenu();
    expect(within(menu).getByRole('menuitem', { name: 'Report story' })).toBeInTheDocument();
    expect(within(menu).getAllByRole('menuitem')).toHaveLength(1);
    expect(within(menu).queryByRole('menuitemcheckbox')).toBeNull();
  });
});

const grace = makeGroup({
  name: 'Grace',
  slug: 'grace',
  creator_id: 2,
  stories: [makeStory({ id: 21, user_id: 2 })],
});
const alan = makeGroup({
  name: 'Alan',
  slug: 'alan',
  creator_id: 3,
  stories: [makeStory({ id: 31, user_id: 3 })],
});

describe('Story viewer: the creators beside the story', () => {
  it('shows the previous and next creators on a desktop and moves to one when chosen', async () => {
    stubDesktopWindow();
    renderViewer({ groups: [makeGroup(), grace, alan], startUserIndex: 1 });
    await openViewer('Grace');
    const previous = await screen.findByRole('button', { name: "Go to Ada's stories" });
    expect(screen.getByTestId('neighbours-previous')).toContainElement(previous);
    const next = await screen.findByRole('button', { name: "Go to Alan's stories" });
    expect(screen.getByTestId('neighbours-next')).toContainElement(next);

    await userEvent.click(next);
    await screen.findByRole('dialog', { name: 'Stories of Alan' });
    expect(await screen.findByRole('button', { name: "Go to Grace's stories" })).toBeVisible();
    expect(screen.queryByRole('button', { name: "Go to Alan's stories" })).toBeNull();
  });

  it('shows no neighbours on a phone and does not load the previous one for them', async () => {
    const { calls } = renderViewer({ groups: [makeGroup(), grace, alan], startUserIndex: 1 });
    await openViewer('Grace');
    expect(screen.queryByRole('button', { name: /^Go to / })).toBeNull();
    expect(screen.queryByTestId('neighbours-previous')).toBeNull();
    expect(calls.some((call) => call.url === '/api/users/1/stories')).toBe(false);
  });
});
