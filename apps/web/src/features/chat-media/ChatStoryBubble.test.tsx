import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch, type MockResponse } from '../../test/fetch-mock.ts';
import { makeUser } from '../../test/fixtures.ts';
import { renderScreen, testQueryClient } from '../../test/render.tsx';
import { ChatStoryBubble } from './ChatStoryBubble.tsx';
import { storyMessage } from './test/messages.ts';

const lockedStory = {
  isAvailable: false,
  price: 4.99,
  overlay_src: null,
  overlay_image_src: null,
} as const;

const viewerStory = {
  id: 31,
  isAvailable: true,
  is_video: false,
  overlay_src: '/media/story-31.webp?signed',
  overlay_image_src: '/media/story-31.jpg?signed',
  mp4_video_src: null,
  webm_video_src: null,
  text: 'Sunset at the pier #travel',
};

function renderBubble(
  message = storyMessage(),
  answers: Record<string, MockResponse> = {},
  balance = 10,
) {
  const user = makeUser({ balance });
  const fetch = mockFetch({
    'GET /api/auth/session': { body: { user } },
    'GET /api/wallet': { body: {} },
    ...answers,
  });
  const queryClient = testQueryClient();
  queryClient.setQueryData(['me'], user);
  const onUnlocked = vi.fn();
  renderScreen(<ChatStoryBubble message={message} onUnlocked={onUnlocked} />, { queryClient });
  return { ...fetch, onUnlocked };
}

function pointer(target: Element, type: 'down' | 'move' | 'up', clientX: number, clientY: number) {
  const events = {
    down: fireEvent.pointerDown,
    move: fireEvent.pointerMove,
    up: fireEvent.pointerUp,
  };
  act(() => {
    events[type](target, { pointerId: 1, pointerType: 'touch', clientX, clientY });
  });
}

describe('ChatStoryBubble', () => {
  it('shows an available story as its picture and text, and opens it full screen', async () => {
    renderBubble();
    const open = screen.getByRole('button', { name: 'Open the story from Grace Hopper' });
    expect(open.querySelector('img')).toHaveAttribute('src', '/media/story-31.webp');
    expect(screen.getByText('Sunset at the pier #travel')).toBeInTheDocument();
    expect(screen.queryByText('Video')).toBeNull();

    await userEvent.click(open);
    const dialog = await screen.findByRole('dialog', { name: 'Story from Grace Hopper' });
    expect(within(dialog).getByRole('img', { name: 'Sunset at the pier #travel' })).toHaveAttribute(
      'src',
      '/media/story-31.webp',
    );
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('closes full screen on a swipe down of 50 px or more, not on a shorter one', async () => {
    renderBubble();
    await userEvent.click(screen.getByRole('button', { name: 'Open the story from Grace Hopper' }));
    const dialog = await screen.findByRole('dialog', { name: 'Story from Grace Hopper' });
    const stage = within(dialog).getByRole('img').parentElement!;

    pointer(stage, 'down', 200, 300);
    pointer(stage, 'move', 202, 330);
    pointer(stage, 'up', 202, 340);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    // Swiping up does not close it either.
    pointer(stage, 'down', 200, 300);
    pointer(stage, 'up', 200, 200);
    expect(screen.getByRole('dialog')).toBeInTheDocument();

    pointer(stage, 'down', 200, 300);
    pointer(stage, 'move', 205, 340);
    pointer(stage, 'up', 205, 360);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('plays a video story with its mp4 and webm sources and poster', async () => {
    renderBubble(
      storyMessage({
        is_video: true,
        mp4_video_src: '/media/v.mp4',
        webm_video_src: '/media/v.webm',
        overlay_src: '/media/poster.webp',
        overlay_image_src: '/media/poster.jpg',
      }),
    );
    expect(screen.getByText('Video')).toBeInTheDocument();
    await userEvent.click(
      screen.getByRole('button', { name: 'Open the video story from Grace Hopper' }),
    );
    const video = await screen.findByLabelText('Story video from Grace Hopper');
    expect(video).toHaveAttribute('poster', '/media/poster.jpg');
    const sources = [...video.querySelectorAll('source')].map((source) => [
      source.getAttribute('src'),
      source.getAttribute('type'),
    ]);
    expect(sources).toEqual([
      ['/media/v.mp4', 'video/mp4'],
      ['/media/v.webm', 'video/webm'],
    ]);
  });

  it('shows a locked story blurred with its price, and unlocks it after confirming', async () => {
    const { calls, onUnlocked } = renderBubble(storyMessage(lockedStory), {
      'POST /api/stories/31/unlock': { body: { status: true } },
      'GET /api/stories/31': { body: viewerStory },
    });
    const card = screen.getByRole('group', { name: 'Locked story from Grace Hopper' });
    expect(screen.queryByRole('button', { name: /Open the story/ })).toBeNull();
    expect(card.querySelector('img')).toHaveAttribute('src', '/media/grace.jpg');
    expect(card.querySelector('img')).toHaveClass('blur-xl');

    await userEvent.click(within(card).getByRole('button', { name: 'Unlock for $4.99' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm).toHaveTextContent('Unlock this story for $4.99?');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Yes' }));

    const open = await screen.findByRole('button', { name: 'Open the story from Grace Hopper' });
    expect(open.querySelector('img')).toHaveAttribute('src', '/media/story-31.webp?signed');
    expect(onUnlocked).toHaveBeenCalledOnce();
    expect(calls.filter((call) => call.url === '/api/stories/31/unlock')).toHaveLength(1);
  });

  it('opens the insufficient funds dialog when the unlock answers status false', async () => {
    const { onUnlocked } = renderBubble(
      storyMessage(lockedStory),
      { 'POST /api/stories/31/unlock': { body: { status: false, err_key: 'insufficient_funds' } } },
      1,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Unlock for $4.99' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Yes' }));
    expect(await screen.findByRole('dialog', { name: 'Not enough money' })).toBeInTheDocument();
    // Still locked behind the dialog (which hides the rest of the page from assistive tech).
    expect(screen.getByText('Locked story from Grace Hopper')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Unlock for $4.99', hidden: true })).toBeEnabled();
    expect(onUnlocked).not.toHaveBeenCalled();
  });

  it('does not charge when the confirmation is declined', async () => {
    const { calls } = renderBubble(storyMessage(lockedStory));
    await userEvent.click(screen.getByRole('button', { name: 'Unlock for $4.99' }));
    await userEvent.click(await screen.findByRole('button', { name: 'No' }));
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('offers no unlock for a creator who cannot sell', () => {
    renderBubble(storyMessage({ ...lockedStory, noPaid: true }));
    expect(screen.getByText('This creator cannot sell stories yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Unlock/ })).toBeNull();
  });
});
