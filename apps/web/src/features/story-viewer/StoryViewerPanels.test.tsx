import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeUser } from '../../test/fixtures.ts';
import { matchOnlyMediaQueries } from '../../test/media-queries.ts';
import { FINE_POINTER_QUERY } from '../../ui/use-media-query.ts';
import {
  advance,
  currentPosition,
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

// The money dialogs are lazy chunks: load them up front, not inside a test's wait for them.
beforeAll(async () => {
  await Promise.all([
    import('../money/TipSheet.tsx'),
    import('../money/SubscribeDialog.tsx'),
    import('../money/InsufficientFundsDialog.tsx'),
  ]);
}, 60_000);

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
    // The lock card's code loads with the first locked story.
    expect(await within(dialog).findByText('Unlock it for $4.99')).toBeInTheDocument();
    expect(dialog.querySelector('video, img, source')).toBeNull();
    expect(screen.getByRole('button', { name: 'Unlock' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Subscribe for $9.99 a month' }));
    const subscribe = await screen.findByRole('dialog', { name: 'Subscribe to Ada' });
    expect(within(subscribe).getByText('Weekly live Q&A')).toBeInTheDocument();
    expect(within(subscribe).getByRole('button', { name: 'Subscribe for $9.99' })).toBeEnabled();
    await userEvent.click(within(subscribe).getByRole('button', { name: 'Close' }));
  });

  it('asks before unlocking; status true reloads the story, which then plays', async () => {
    let unlocked = false;
    const available = makeStory({ id: 41, price: 4.99 });
    const { calls, fetchMock } = renderViewer({
      groups: [makeGroup({ stories: [lockedStory] })],
      extraHandlers: {
        'POST /api/stories/41/unlock': { body: { status: true } },
      },
    });
    // The group answers the story with its media once it is bought.
    const answerGroup = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input) === '/api/stories/41/unlock') unlocked = true;
      if (unlocked && String(input) === '/api/users/1/stories') {
        return new Response(JSON.stringify(makeGroup({ stories: [available] })), {
          headers: { 'content-type': 'application/json' },
        });
      }
      return answerGroup(input, init);
    });
    const viewer = await openViewer();
    await userEvent.click(await screen.findByRole('button', { name: 'Unlock' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm).toHaveAccessibleDescription('Unlock this story for $4.99?');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Yes' }));
    // The reloaded story shows its picture instead of the lock.
    expect(await within(viewer).findByRole('img', { name: 'Story 41' })).toHaveAttribute(
      'src',
      '/media/41.webp',
    );
    expect(screen.queryByRole('button', { name: 'Unlock' })).toBeNull();
    const keys = fetchMock.mock.calls
      .filter(([url]) => url === '/api/stories/41/unlock')
      .map(([, init]) => (init?.headers as Record<string, string>)['idempotency-key']);
    expect(keys).toHaveLength(1);
    expect(keys[0]).toBeTruthy();
    expect(postedPaths(calls)).toContain('/api/stories/41/unlock');
  });

  it('answers "No" without a call, and status false with the insufficient funds dialog', async () => {
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
    const { calls } = renderViewer({
      groups: [makeGroup({ stories: [lockedStory] })],
      extraHandlers: {
        'POST /api/stories/41/unlock': { body: { status: false, err_key: 'insufficient_funds' } },
        'POST /api/wallet/top-up': { body: { redirectUrl: '/checkout/1' } },
      },
    });
    await openViewer();
    await userEvent.click(screen.getByRole('button', { name: 'Unlock' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'No' }),
    );
    expect(postedPaths(calls)).toEqual(['/api/stories/41/watch']);

    await userEvent.click(screen.getByRole('button', { name: 'Unlock' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Yes' }),
    );
    const funds = await screen.findByRole('dialog', { name: 'Not enough money' });
    await userEvent.click(within(funds).getByRole('button', { name: 'Top up $10.00' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/checkout/1'));
    // The checkout comes back here with a marker that finishes this unlock.
    const topUp = calls.find((call) => call.url === '/api/wallet/top-up');
    expect(topUp?.body).toMatchObject({ amount: 10 });
    expect((topUp?.body as { return_to: string }).return_to).toMatch(
      /^\/\?resume=unlock\.1\.41\.[\w-]{8,}$/,
    );
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

  it('speaks of clicks and keys to a mouse user, who has no swipe', async () => {
    // A window whose main pointer is a mouse (jsdom has no matchMedia: a touch phone otherwise).
    matchOnlyMediaQueries(FINE_POINTER_QUERY);
    try {
      const { queryClient } = renderViewer({ groups: [makeGroup({ guide: true })] });
      queryClient.setQueryData(['me'], makeUser({ guide: true }));
      await openViewer();
      const hints = within(screen.getByRole('region', { name: 'How to watch stories' }));
      expect(hints.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
        'Click left or press ← for the previous story',
        'Click the middle or press Space to pause',
        'Click right or press → for the next story',
      ]);
      expect(hints.getByText('Press Esc or click × to close')).toBeInTheDocument();
      expect(hints.queryByText(/swipe/i)).not.toBeInTheDocument();
    } finally {
      vi.unstubAllGlobals();
    }
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

  it('opens the tip sheet for the story, which waits meanwhile, and sends the tip', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { calls } = renderViewer({
      groups: [makeGroup({ stories: [makeStory(), makeStory({ id: 12 })] })],
      extraHandlers: { 'POST /api/tips': { body: { success: true } } },
    });
    await openViewer();
    await userEvent.click(screen.getByRole('button', { name: 'Send a tip' }));
    const sheet = await screen.findByRole('dialog', { name: 'Tip' });
    // Longer than an image story lasts: the story does not move on under the sheet.
    advance(15_000);
    expect(currentPosition()).toBe('Story 1 of 2');
    await userEvent.click(within(sheet).getByRole('button', { name: 'Send tip' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Tip' })).toBeNull());
    expect(calls.find((call) => call.url === '/api/tips')?.body).toEqual({
      user_id: 1,
      amount: 10,
      message: '',
      story_id: 11,
      mode: 'send',
    });
  });

  it('offers neither report nor tip on the viewer’s own story', async () => {
    renderViewer({ groups: [makeGroup({ auth_id: 1 })] });
    await openViewer();
    // An own image story has nothing for the "More" menu (no report, no repeat): no button.
    expect(screen.queryByRole('button', { name: 'More' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send a tip' })).not.toBeInTheDocument();
  });
});
