import { IMAGE_STORY_DURATION_MS } from '@glimpse/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  advance,
  currentPosition,
  makeGroup,
  makeStory,
  makeVideoStory,
  openMoreMenu,
  openViewer,
  renderViewer,
} from './test/story-viewer.test-utils.tsx';
import { VIDEO_STALL_TIMEOUT_MS } from './use-story-clock.ts';

afterEach(() => {
  vi.useRealTimers();
});

function progressOf(index: number) {
  const bar = screen.getAllByTestId('story-progress')[index];
  return (bar?.firstElementChild as HTMLElement | null)?.style.width;
}

function fakeVideoTimes(video: HTMLVideoElement, currentTime: number, duration: number) {
  Object.defineProperty(video, 'duration', { configurable: true, value: duration });
  Object.defineProperty(video, 'currentTime', {
    configurable: true,
    writable: true,
    value: currentTime,
  });
}

const images = makeGroup({ stories: [makeStory({ id: 11 }), makeStory({ id: 12 })] });
const videos = makeGroup({
  stories: [
    makeVideoStory({ id: 31 }),
    makeVideoStory({ id: 32, video_meta: { muted: true, width: null, height: null } }),
  ],
});

describe('Story viewer: media and progress', () => {
  it('ticks an image once it has loaded and advances after its duration', async () => {
    renderViewer({ groups: [images] });
    await openViewer();
    vi.useFakeTimers();
    advance(1_000);
    expect(progressOf(0)).toBe('0%');
    fireEvent.load(screen.getByRole('img', { name: 'Story 11' }));
    advance(IMAGE_STORY_DURATION_MS / 2);
    expect(progressOf(0)).toBe('50%');
    advance(IMAGE_STORY_DURATION_MS / 2);
    expect(currentPosition()).toBe('Story 2 of 2');
    expect(progressOf(0)).toBe('100%');
  });

  it('falls back to the JPEG when the WebP fails', async () => {
    renderViewer({ groups: [images] });
    await openViewer();
    const image = screen.getByRole('img', { name: 'Story 11' });
    fireEvent.error(image);
    expect(image).toHaveAttribute('src', '/media/11.jpg');
  });

  it('holding pauses the story; letting go neither moves nor pauses it', async () => {
    renderViewer({ groups: [images] });
    await openViewer();
    vi.useFakeTimers();
    fireEvent.load(screen.getByRole('img', { name: 'Story 11' }));
    const stage = screen.getByTestId('story-stage');
    fireEvent.pointerDown(stage, { clientX: 900, clientY: 300, pointerId: 1 });
    // Three ticks run before the press counts as a hold (300 ms); then the clock stops.
    advance(300);
    expect(progressOf(0)).toBe('3%');
    advance(IMAGE_STORY_DURATION_MS);
    expect(progressOf(0)).toBe('3%');
    fireEvent.pointerUp(stage, { clientX: 900, clientY: 300, pointerId: 1 });
    expect(currentPosition()).toBe('Story 1 of 2');
    expect(screen.getByRole('button', { name: 'Pause' })).toHaveAttribute('aria-pressed', 'false');
    advance(1_000);
    expect(progressOf(0)).toBe('13%');
  });

  it('plays video from mp4 then webm sources with the poster, inline', async () => {
    renderViewer({ groups: [videos] });
    const dialog = await openViewer();
    const video = dialog.querySelector('video');
    expect(video).not.toBeNull();
    expect(video).toHaveAttribute('poster', '/media/31-poster.jpg');
    expect(video).toHaveAttribute('playsinline');
    const sources = Array.from(video?.querySelectorAll('source') ?? []);
    expect(
      sources.map((source) => [source.getAttribute('src'), source.getAttribute('type')]),
    ).toEqual([
      ['/media/31.mp4', 'video/mp4'],
      ['/media/31.webm', 'video/webm'],
    ]);
    expect(HTMLMediaElement.prototype.play).toHaveBeenCalled();
  });

  it('follows video playback, toggles sound and repeat, and advances when it ends', async () => {
    renderViewer({ groups: [videos] });
    const dialog = await openViewer();
    const video = dialog.querySelector('video') as HTMLVideoElement;
    fakeVideoTimes(video, 2, 8);
    fireEvent.timeUpdate(video);
    expect(progressOf(0)).toBe('25%');

    // Named by what a press does; no pressed state (it put the button on a grey disc).
    const sound = screen.getByRole('button', { name: 'Mute' });
    expect(sound).not.toHaveAttribute('aria-pressed');
    expect(video.muted).toBe(false);
    fireEvent.click(sound);
    expect(sound).toHaveAccessibleName('Unmute');
    expect(sound).not.toHaveAttribute('aria-pressed');
    expect(video.muted).toBe(true);

    // Repeat waits in the header's "More" menu (a phone-wide header keeps room for the name).
    const menu = await openMoreMenu();
    const repeat = within(menu).getByRole('menuitemcheckbox', { name: 'Repeat' });
    expect(repeat).toHaveAttribute('aria-checked', 'false');
    await userEvent.click(repeat);
    expect(video.loop).toBe(true);
    await openMoreMenu();
    expect(screen.getByRole('menuitemcheckbox', { name: 'Repeat' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());

    fireEvent.ended(video);
    expect(currentPosition()).toBe('Story 2 of 2');
    // The second video was posted muted: no sound to switch on.
    expect(screen.getByRole('button', { name: 'This video has no sound' })).toBeDisabled();
  });

  it('moves on from a video that stalls', async () => {
    renderViewer({ groups: [videos] });
    const dialog = await openViewer();
    vi.useFakeTimers();
    // Some progress first (this also restarts the stall watch under the fake clock).
    const video = dialog.querySelector('video') as HTMLVideoElement;
    fakeVideoTimes(video, 1, 8);
    fireEvent.timeUpdate(video);
    advance(VIDEO_STALL_TIMEOUT_MS - 100);
    expect(currentPosition()).toBe('Story 1 of 2');
    advance(100);
    expect(currentPosition()).toBe('Story 2 of 2');
  });

  it('scrubs a video by dragging sideways, without leaving the story', async () => {
    const { onClose } = renderViewer({ groups: [videos] });
    const dialog = await openViewer();
    const video = dialog.querySelector('video') as HTMLVideoElement;
    fakeVideoTimes(video, 2, 10);
    const stage = screen.getByTestId('story-stage');
    fireEvent.pointerDown(stage, { clientX: 300, clientY: 300, pointerId: 1 });
    // The test window is 1024 px wide: a 512 px drag is half the video.
    fireEvent.pointerMove(stage, { clientX: 812, clientY: 310, pointerId: 1 });
    expect(video.currentTime).toBe(7);
    fireEvent.pointerMove(stage, { clientX: 0, clientY: 380, pointerId: 1 });
    expect(video.currentTime).toBe(0);
    fireEvent.pointerUp(stage, { clientX: 0, clientY: 380, pointerId: 1 });
    expect(currentPosition()).toBe('Story 1 of 2');
    expect(onClose).not.toHaveBeenCalled();
  });
});
