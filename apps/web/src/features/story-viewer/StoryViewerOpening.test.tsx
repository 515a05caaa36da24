import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { installTestImport } from '../../lib/lazy-module.ts';
import { mockFetch } from '../../test/fetch-mock.ts';
import { renderScreen } from '../../test/render.tsx';
import { overlayModule } from './overlay-module.ts';
import { OpeningPicture } from './OpeningPicture.tsx';
import { makeGroup, makeStory } from './test/story-fixtures.ts';
import { StoryOpener } from './test/story-opener.tsx';

// The viewer's chunk arrives only when a test lets it: until then the loading state shows.
const chunk = { arrive: () => undefined as void };
beforeEach(() => {
  const arrived = new Promise<void>((resolve) => (chunk.arrive = resolve));
  installTestImport(overlayModule, async () => {
    await arrived;
    return { StoryViewerOverlay: () => <p>the viewer</p> };
  });
});

const openingPicture = () => screen.queryByTestId('opening-picture')?.querySelector('img');

describe('Story viewer while its code is on its way', () => {
  it('shows the opening story where the viewer will, then gives way to the viewer', async () => {
    const stories = [
      makeStory({ id: 1, watched: true }),
      makeStory({ id: 2, overlay_src: '/media/2.webp', overlay_srcset: '/media/2-720.webp 720w' }),
    ];
    mockFetch({ 'GET /api/users/1/stories': { body: makeGroup({ stories }) } });
    renderScreen(<StoryOpener />);
    await userEvent.click(screen.getByRole('button', { name: 'Open stories' }));

    // The first unwatched story, at the viewer's sizes, under a spinner.
    await vi.waitFor(() => expect(openingPicture()).toBeTruthy());
    expect(openingPicture()).toHaveAttribute('src', '/media/2.webp');
    expect(openingPicture()).toHaveAttribute('srcset', '/media/2-720.webp 720w');
    expect(openingPicture()).toHaveAttribute('sizes', '(min-width: 1024px) 540px, 100vw');
    expect(screen.getByRole('status')).toHaveTextContent('Loading');

    // The code is here, but the viewer waits for the picture to be drawn first.
    await act(async () => chunk.arrive());
    expect(screen.queryByText('the viewer')).toBeNull();
    fireEvent.load(openingPicture()!);
    expect(await screen.findByText('the viewer')).toBeInTheDocument();
    expect(screen.queryByTestId('opening-picture')).toBeNull();
  });
});

describe('OpeningPicture', () => {
  it('reports at once when it has nothing to draw: a locked story', async () => {
    const locked = makeStory({ id: 3, isAvailable: false, overlay_src: null });
    mockFetch({ 'GET /api/users/1/stories': { body: makeGroup({ stories: [locked] }) } });
    const onShown = vi.fn();
    renderScreen(<OpeningPicture userId={1} onShown={onShown} />);
    await vi.waitFor(() => expect(onShown).toHaveBeenCalledTimes(1));
    expect(screen.queryByTestId('opening-picture')).toBeNull();
  });

  it('reports once its picture has loaded and been drawn, or failed', async () => {
    mockFetch({ 'GET /api/users/1/stories': { body: makeGroup({ stories: [makeStory()] }) } });
    const onShown = vi.fn();
    renderScreen(<OpeningPicture userId={1} onShown={onShown} />);
    await vi.waitFor(() => expect(openingPicture()).toBeTruthy());
    expect(onShown).not.toHaveBeenCalled();
    fireEvent.load(openingPicture()!);
    await vi.waitFor(() => expect(onShown).toHaveBeenCalledTimes(1));
    fireEvent.error(openingPicture()!);
    expect(onShown).toHaveBeenCalledTimes(2);
  });
});
