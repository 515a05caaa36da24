import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  currentPosition,
  makeGroup,
  makeStory,
  openViewer,
  postedPaths,
  renderViewer,
  TAP_LEFT,
  TAP_MIDDLE,
  TAP_RIGHT,
  tapAt,
} from './test/story-viewer.test-utils.tsx';

const ada = makeGroup({
  stories: [makeStory({ id: 11, watched: true }), makeStory({ id: 12 }), makeStory({ id: 13 })],
});
const grace = makeGroup({
  name: 'Grace',
  slug: 'grace',
  creator_id: 2,
  stories: [makeStory({ id: 21, user_id: 2, name: 'Grace' }), makeStory({ id: 22, user_id: 2 })],
});

describe('Story viewer: opening and moving', () => {
  it('opens at the first unwatched story and marks it watched', async () => {
    const { calls } = renderViewer({ groups: [ada] });
    await openViewer();
    expect(currentPosition()).toBe('Story 2 of 3');
    expect(screen.getByRole('img', { name: 'Story 12' })).toHaveAttribute('src', '/media/12.webp');
    await waitFor(() => expect(postedPaths(calls)).toEqual(['/api/stories/12/watch']));
  });

  it('opens at the first story when all are watched', async () => {
    const allWatched = makeGroup({
      stories: [makeStory({ id: 11, watched: true }), makeStory({ id: 12, watched: true })],
    });
    const { calls } = renderViewer({ groups: [allWatched] });
    await openViewer();
    expect(currentPosition()).toBe('Story 1 of 2');
    // Already watched on the server: nothing to send.
    expect(postedPaths(calls)).toEqual([]);
  });

  it('starts from an explicit story index', async () => {
    renderViewer({ groups: [ada], startStoryIndex: 2 });
    await openViewer();
    expect(currentPosition()).toBe('Story 3 of 3');
  });

  it('taps right through the group, crosses to the next user, and marks each story once', async () => {
    const { calls } = renderViewer({ groups: [ada, grace] });
    await openViewer();
    tapAt(TAP_RIGHT);
    expect(currentPosition()).toBe('Story 3 of 3');
    tapAt(TAP_RIGHT);
    await screen.findByRole('dialog', { name: 'Stories of Grace' });
    expect(currentPosition()).toBe('Story 1 of 2');
    // Back into Ada's group lands on her last story; it was already sent, so not again.
    tapAt(TAP_LEFT);
    await screen.findByRole('dialog', { name: 'Stories of Ada' });
    expect(currentPosition()).toBe('Story 3 of 3');
    await waitFor(() =>
      expect(postedPaths(calls)).toEqual([
        '/api/stories/12/watch',
        '/api/stories/13/watch',
        '/api/stories/21/watch',
      ]),
    );
  });

  it('closes past the last story of the last user, calls onClose and restores focus', async () => {
    const { onClose } = renderViewer({ groups: [makeGroup()] });
    await openViewer();
    tapAt(TAP_RIGHT);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(onClose).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Open stories' })).toHaveFocus());
  });

  it('closes before the first story of the first user', async () => {
    const { onClose } = renderViewer({ groups: [makeGroup()] });
    await openViewer();
    tapAt(TAP_LEFT);
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });

  it('marks the page covered while open, so the screen behind is not rendered', async () => {
    renderViewer({ groups: [ada] });
    expect(document.documentElement).not.toHaveAttribute('data-story-viewer-open');
    await openViewer();
    expect(document.documentElement).toHaveAttribute('data-story-viewer-open');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.documentElement).not.toHaveAttribute('data-story-viewer-open');
  });

  it('closes on Escape', async () => {
    const { onClose } = renderViewer({ groups: [ada] });
    await openViewer();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closes with the Close button and on a swipe down', async () => {
    const { onClose } = renderViewer({ groups: [ada] });
    await openViewer();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));

    await openViewer();
    const stage = screen.getByTestId('story-stage');
    fireEvent.pointerDown(stage, { clientX: 500, clientY: 200, pointerId: 1 });
    fireEvent.pointerMove(stage, { clientX: 505, clientY: 240, pointerId: 1 });
    fireEvent.pointerUp(stage, { clientX: 505, clientY: 280, pointerId: 1 });
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(2));
  });

  it('moves with the arrow keys and pauses with Space', async () => {
    renderViewer({ groups: [ada] });
    await openViewer();
    await userEvent.keyboard('{ArrowRight}');
    expect(currentPosition()).toBe('Story 3 of 3');
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(currentPosition()).toBe('Story 1 of 3');
    const pause = screen.getByRole('button', { name: 'Pause' });
    expect(pause).toHaveAttribute('aria-pressed', 'false');
    await userEvent.keyboard(' ');
    expect(pause).toHaveAttribute('aria-pressed', 'true');
  });

  it('pauses on a middle tap and resumes on the next; buttons step too', async () => {
    renderViewer({ groups: [ada] });
    await openViewer();
    tapAt(TAP_MIDDLE);
    expect(screen.getByRole('button', { name: 'Pause' })).toHaveAttribute('aria-pressed', 'true');
    tapAt(TAP_MIDDLE);
    expect(screen.getByRole('button', { name: 'Pause' })).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(screen.getByRole('button', { name: 'Next story' }));
    expect(currentPosition()).toBe('Story 3 of 3');
    await userEvent.click(screen.getByRole('button', { name: 'Previous story' }));
    expect(currentPosition()).toBe('Story 2 of 3');
  });

  it('links the creator name to their profile and closes on the way', async () => {
    const { onClose, location } = renderViewer({ groups: [ada] });
    await openViewer();
    // Named by the creator and when the story was posted (the fixture: 2025, long ago).
    const link = screen.getByRole('link', { name: /^Ada \S/ });
    expect(link).toHaveAttribute('href', '/u/ada');
    fireEvent.click(link);
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(location.pathname).toBe('/u/ada');
  });
});
