import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser } from '../../test/fixtures.ts';
import {
  advance,
  makeGroup,
  makeStory,
  openMoreMenu,
  openViewer,
  postedPaths,
  renderViewer,
} from './test/story-viewer.test-utils.tsx';

afterEach(() => {
  vi.useRealTimers();
});

function progressOf(index: number) {
  const bar = screen.getAllByTestId('story-progress')[index];
  return (bar?.firstElementChild as HTMLElement | null)?.style.width;
}

const lockedStory = makeStory({
  id: 41,
  isAvailable: false,
  price: 4.99,
  overlay_src: null,
  overlay_image_src: null,
});

describe('Story viewer: locked stories', () => {
  it('shows the price, Unlock and Subscribe, and no media at all', async () => {
    renderViewer({
      groups: [
        makeGroup({
          stories: [lockedStory],
          subscribePrice: 9.99,
          subscriptionBenefits: { benefits_list: ['Weekly live Q&A'], bundles: [] },
        }),
      ],
    });
    const dialog = await openViewer();
    expect(within(dialog).getByText('Unlock it for $4.99')).toBeInTheDocument();
    expect(dialog.querySelector('video, img, source')).toBeNull();
    expect(screen.getByRole('button', { name: 'Unlock' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Subscribe for $9.99 a month' }));
    const subscribe = await screen.findByRole('dialog', { name: 'Subscribe to Ada' });
    expect(within(subscribe).getByText('Weekly live Q&A')).toBeInTheDocument();
    await userEvent.click(within(subscribe).getByRole('button', { name: 'OK' }));
  });

  it('asks before unlocking, then says honestly that unlocking is not available yet', async () => {
    const { calls } = renderViewer({ groups: [makeGroup({ stories: [lockedStory] })] });
    await openViewer();
    expect(screen.queryByRole('button', { name: /subscribe/i })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Unlock' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm).toHaveAccessibleDescription('Unlock this story for $4.99?');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Yes' }));
    const info = await screen.findByRole('dialog', { name: 'Unlocking is not available yet' });
    await userEvent.click(within(info).getByRole('button', { name: 'OK' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Unlocking is not available yet' })).toBeNull(),
    );
    // The viewer stays, and nothing but the watch mark went to the server.
    expect(screen.getByRole('dialog', { name: 'Stories of Ada' })).toBeInTheDocument();
    expect(postedPaths(calls)).toEqual(['/api/stories/41/watch']);
  });

  it('offers no Unlock for a creator who cannot take money', async () => {
    renderViewer({ groups: [makeGroup({ stories: [{ ...lockedStory, noPaid: true }] })] });
    await openViewer();
    expect(screen.getByText('This creator cannot sell stories yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Unlock' })).not.toBeInTheDocument();
  });
});

describe('Story viewer: first-time guide', () => {
  it('pauses the story, animates after 4 s, closes 2 s later and clears the flag', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { calls, queryClient } = renderViewer({
      groups: [makeGroup({ guide: true, stories: [makeStory({ id: 11 }), makeStory({ id: 12 })] })],
    });
    queryClient.setQueryData(['me'], makeUser({ guide: true }));
    await openViewer();
    const guide = screen.getByRole('region', { name: 'How to watch stories' });
    expect(guide).toHaveTextContent('Tap left for the previous story');
    expect(guide).toHaveTextContent('Swipe down to close');
    fireEvent.load(screen.getByRole('img', { name: 'Story 11' }));
    advance(3_000);
    expect(guide).toHaveAttribute('data-animating', 'false');
    expect(progressOf(0)).toBe('0%');
    advance(1_000);
    expect(guide).toHaveAttribute('data-animating', 'true');
    expect(postedPaths(calls)).not.toContain('/api/users/update-guide');
    advance(2_000);
    expect(screen.queryByRole('region', { name: 'How to watch stories' })).not.toBeInTheDocument();
    await waitFor(() => expect(postedPaths(calls)).toContain('/api/users/update-guide'));
    await waitFor(() => expect(queryClient.getQueryState(['me'])?.isInvalidated).toBe(true));
    // With the guide gone the story runs.
    advance(1_000);
    expect(progressOf(0)).not.toBe('0%');
  });

  it('does not show the guide when the flag is already cleared', async () => {
    renderViewer({ groups: [makeGroup()] });
    await openViewer();
    expect(screen.queryByRole('region', { name: 'How to watch stories' })).not.toBeInTheDocument();
  });
});

describe('Story viewer: report and tips', () => {
  it('reports a story with an accusation and thanks the reporter', async () => {
    const { calls } = renderViewer({
      groups: [makeGroup()],
      extraHandlers: {
        'POST /api/stories/11/report': { body: { success: true, message: 'report_received' } },
      },
    });
    await openViewer();
    await userEvent.click(
      within(await openMoreMenu()).getByRole('menuitem', { name: 'Report story' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Report story' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(within(dialog).getByText('This field is required.')).toBeInTheDocument();
    await userEvent.type(
      within(dialog).getByLabelText('What is wrong with this story?'),
      'Stolen photo',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText('Thank you. We received your report.')).toBeInTheDocument();
    expect(calls.find((call) => call.url === '/api/stories/11/report')?.body).toEqual({
      accusation: 'Stolen photo',
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Report story' })).toBeNull());
  });

  it('shows tip access as not yet available, without sending anything', async () => {
    const { calls } = renderViewer({ groups: [makeGroup()] });
    await openViewer();
    const tip = screen.getByRole('button', { name: 'Send a tip' });
    expect(tip).toHaveAttribute('aria-disabled', 'true');
    expect(tip).toHaveAccessibleDescription('Tips arrive soon');
    await userEvent.click(tip);
    expect(screen.getByText('Tips arrive soon')).not.toHaveClass('sr-only');
    expect(postedPaths(calls)).toEqual(['/api/stories/11/watch']);
  });

  it('offers neither report nor tip on the viewer’s own story', async () => {
    renderViewer({ groups: [makeGroup({ auth_id: 1 })] });
    await openViewer();
    // An own image story has nothing for the "More" menu (no report, no repeat): no button.
    expect(screen.queryByRole('button', { name: 'More' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send a tip' })).not.toBeInTheDocument();
  });
});
