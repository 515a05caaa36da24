import type { OwnStory } from '@glimpse/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AppShell } from '../../app/AppShell.tsx';
import { mockFetch } from '../../test/fetch-mock.ts';
import { makeUser } from '../../test/fixtures.ts';
import { renderRoutes, testQueryClient } from '../../test/render.tsx';
import { makeOwnStory } from './test/own-story-fixtures.ts';
import { OwnStoriesMenu } from './OwnStoriesMenu.tsx';

const verifiedUser = makeUser({ verifyOndatoAt: '2024-05-01T10:00:00.000Z', verified: true });

const video = makeOwnStory({
  id: 11,
  is_video: true,
  view_count: 42,
  price: 4.99,
  free: null,
  mp4_video_src: '/media/v.mp4',
  webm_video_src: '/media/v.webm',
  overlay_image_src: '/media/v-poster.jpg',
  download_src: '/media/v-download.mp4',
});
const image = makeOwnStory({ id: 12, view_count: 1 });
const processing = makeOwnStory({
  id: 13,
  is_processing: true,
  download_src: null,
  overlay_src: null,
  overlay_image_src: null,
});
const failed = makeOwnStory({ id: 14, processing_error: 'processing_unreadable_video' });

const statistics = {
  purchased: [{ username: 'grace', price: 4.99 }],
  tips: [{ username: 'alan', price: 10, title: 'Lovely!' }],
  purchased_total: 4.99,
  tips_total: 10,
  total: 14.99,
};

const viewer = (id: number, name: string, minutesAgo: number) => ({
  id,
  slug: name.toLowerCase(),
  name,
  avatar_thumb_url: null,
  watched_at: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
});
const viewersPage1 = { data: [viewer(1, 'Zoe', 5), viewer(2, 'Yann', 130)], cursor: 'next-page' };
const viewersPage2 = { data: [viewer(3, 'Xenia', 3 * 24 * 60)], cursor: null };

/** A deleted story answers 404 to everything, as the server does. */
const notFound = { status: 404, body: { err_key: 'story_not_found' } };

function renderMenu(stories: OwnStory[], user = verifiedUser) {
  let list = stories;
  const exists = (id: number) => list.some((story) => story.id === id);
  const deleteStory = (id: number) => () => {
    list = list.filter((story) => story.id !== id);
    return { status: 204 };
  };
  const fetch = mockFetch({
    'GET /api/auth/session': { body: { user } },
    'GET /api/users/me/stories': () => ({ body: list }),
    'GET /api/stories/11/statistics': () => (exists(11) ? { body: statistics } : notFound),
    'GET /api/stories/12/statistics': () =>
      exists(12) ? { body: { ...statistics, purchased: [], total: 10 } } : notFound,
    'GET /api/stories/11/viewers': ({ url }: { url: string }) =>
      url.includes('cursor=') ? { body: viewersPage2 } : { body: viewersPage1 },
    'DELETE /api/stories/11': deleteStory(11),
    'DELETE /api/stories/12': deleteStory(12),
  });
  const queryClient = testQueryClient();
  queryClient.setQueryData(['me'], user);
  const onClose = vi.fn();
  // Inside the app shell, so the bottom navigation is there to hide.
  renderRoutes(
    [
      {
        element: <AppShell />,
        children: [{ path: '/me', element: <OwnStoriesMenu onClose={onClose} /> }],
      },
    ],
    '/me',
    queryClient,
  );
  return { ...fetch, onClose };
}

const options = () =>
  within(screen.getByRole('listbox', { name: 'My stories' })).getAllByRole('option');
// The open menu hides the rest of the page from assistive tech, so find the nav by its label.
const bottomNav = () => document.querySelector('nav[aria-label="Main"]');
const selectedOption = () =>
  options().find((option) => option.getAttribute('aria-selected') === 'true');

describe('OwnStoriesMenu', () => {
  it('shows the carousel with the first story current, its views and download', async () => {
    renderMenu([video, image]);
    expect(await screen.findByRole('dialog', { name: 'My stories' })).toBeInTheDocument();
    await screen.findByRole('listbox', { name: 'My stories' });
    expect(options()).toHaveLength(2);
    expect(selectedOption()).toHaveAccessibleName('Story 1 of 2, $4.99');
    expect(screen.getByText('42 views')).toBeInTheDocument();
    const download = screen.getByRole('link', { name: 'Download' });
    expect(download).toHaveAttribute('href', '/media/v-download.mp4');
    expect(download).toHaveAttribute('download');
    expect(screen.getByRole('button', { name: 'Edit story' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete story' })).toBeInTheDocument();
  });

  it('offers a video as mp4 and webm with its poster', async () => {
    renderMenu([video]);
    const media = (await screen.findAllByLabelText('Story video'))[0]!;
    expect(media).toHaveAttribute('poster', '/media/v-poster.jpg');
    const sources = [...media.querySelectorAll('source')].map((s) => [
      s.type,
      s.getAttribute('src'),
    ]);
    expect(sources).toEqual([
      ['video/mp4', '/media/v.mp4'],
      ['video/webm', '/media/v.webm'],
    ]);
  });

  it('shows a spinner for a processing story and the error of a failed one', async () => {
    renderMenu([processing, failed]);
    expect(await screen.findByText('Processing…')).toBeInTheDocument();
    expect(options()[0]).toHaveAccessibleName('Story 1 of 2, processing');
    expect(
      screen.getByText(
        'The video could not be read. The file may be damaged or in a format we do not support.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download' })).toBeDisabled();
  });

  it('shows earnings to a verified creator, reloading them per story', async () => {
    const { calls } = renderMenu([video, image]);
    expect(await screen.findByText('Purchased')).toBeInTheDocument();
    expect(screen.getByText('grace')).toBeInTheDocument();
    expect(screen.getByText('Lovely!')).toBeInTheDocument();
    expect(screen.getByText('$14.99')).toBeInTheDocument();
    await userEvent.click(options()[1]!);
    expect(await screen.findByText('No purchases yet.')).toBeInTheDocument();
    expect(calls.map((call) => call.url)).toContain('/api/stories/12/statistics');
  });

  it("keeps the last earnings in place, dimmed, while the next story's figures load", async () => {
    renderMenu([video, image]);
    expect(await screen.findByText('grace')).toBeInTheDocument();
    const earnings = screen.getByRole('region', { name: 'Earnings of this story' });
    // Synchronously after the click, before the answer arrives: same content, marked busy,
    // so the sheet keeps its height and a double-click lands on the same story twice.
    fireEvent.click(options()[1]!);
    expect(earnings).toHaveAttribute('aria-busy', 'true');
    expect(within(earnings).getByText('grace')).toBeInTheDocument();
    expect(await screen.findByText('No purchases yet.')).toBeInTheDocument();
    expect(earnings).toHaveAttribute('aria-busy', 'false');
  });

  it('shows no earnings to an unverified creator and asks for none', async () => {
    const { calls } = renderMenu([video], makeUser());
    await screen.findByRole('listbox', { name: 'My stories' });
    expect(screen.queryByText('Purchased')).toBeNull();
    expect(calls.some((call) => call.url.includes('statistics'))).toBe(false);
  });

  it('deletes after confirmation, then returns to the first story and reloads', async () => {
    const { calls } = renderMenu([video, image, processing]);
    await screen.findByRole('listbox', { name: 'My stories' });
    await userEvent.click(options()[1]!);
    expect(selectedOption()).toHaveAccessibleName('Story 2 of 3');
    await userEvent.click(screen.getByRole('button', { name: 'Delete story' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete this story?' });
    expect(confirm).toHaveTextContent('stay in your earnings');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(options()).toHaveLength(2));
    expect(calls.some((call) => call.method === 'DELETE' && call.url === '/api/stories/12')).toBe(
      true,
    );
    expect(selectedOption()).toHaveAccessibleName('Story 1 of 2, $4.99');
    expect(await screen.findByText('Story deleted')).toBeInTheDocument();
  });

  it('never asks for the statistics of the story it deleted', async () => {
    const { calls } = renderMenu([video, image]);
    await screen.findByRole('listbox', { name: 'My stories' });
    await userEvent.click(options()[1]!);
    expect(await screen.findByText('No purchases yet.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Delete story' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete this story?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(options()).toHaveLength(1));
    // The remaining story's earnings show; the deleted one's are not asked for again (404).
    expect(await screen.findByText('grace')).toBeInTheDocument();
    const deletedAt = calls.findIndex((call) => call.method === 'DELETE');
    const after = calls.slice(deletedAt + 1).map((call) => call.url);
    expect(after).not.toContain('/api/stories/12/statistics');
    expect(after).toContain('/api/users/me/stories');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('closes the menu after deleting the last story', async () => {
    const { onClose } = renderMenu([video]);
    await screen.findByRole('listbox', { name: 'My stories' });
    await userEvent.click(screen.getByRole('button', { name: 'Delete story' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete this story?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    // The snackbar is app-wide (earlier tests' snackbars may still be fading out).
    expect(await screen.findAllByText('Story deleted')).not.toHaveLength(0);
  });

  it('does not delete when the confirmation is declined', async () => {
    const { calls } = renderMenu([video, image], makeUser());
    await screen.findByRole('listbox', { name: 'My stories' });
    await userEvent.click(screen.getByRole('button', { name: 'Delete story' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm).not.toHaveTextContent('stay in your earnings');
    await userEvent.click(within(confirm).getByRole('button', { name: 'No' }));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
  });

  it('opens a story full screen by double-click or Enter, hiding the bottom navigation', async () => {
    renderMenu([video, image]);
    await screen.findByRole('listbox', { name: 'My stories' });
    expect(bottomNav()).toBeInTheDocument();
    await userEvent.dblClick(options()[1]!);
    expect(await screen.findByRole('dialog', { name: 'Story full screen' })).toBeInTheDocument();
    expect(bottomNav()).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Close full screen' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Story full screen' })).toBeNull(),
    );
    expect(bottomNav()).toBeInTheDocument();

    options()[1]!.focus();
    await userEvent.keyboard('{ArrowLeft}');
    expect(selectedOption()).toHaveAccessibleName('Story 1 of 2, $4.99');
    expect(selectedOption()).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Story full screen' })).toBeInTheDocument();
  });

  it('shows the caption of a full-screen video below it, clear of its controls', async () => {
    renderMenu([{ ...video, text: 'Golden hour again' }]);
    await screen.findByRole('listbox', { name: 'My stories' });
    await userEvent.dblClick(options()[0]!);
    const fullScreen = await screen.findByRole('dialog', { name: 'Story full screen' });
    const player = within(fullScreen).getByLabelText('Story video');
    expect(player).toHaveAttribute('controls');
    const caption = within(fullScreen).getByText('Golden hour again');
    // The video fills its own box; the caption is outside it, so never drawn over the controls.
    expect(player.parentElement).not.toContainElement(caption);
  });

  it('opens the edit dialog for the current story', async () => {
    renderMenu([video]);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit story' }));
    const dialog = await screen.findByRole('dialog', { name: 'Modify content' });
    expect(within(dialog).getByLabelText('Price')).toHaveValue('4.99');
  });

  it('marks a priced story with its lock and price, and keeps the first story clear of the edge', async () => {
    renderMenu([video, image]);
    await screen.findByRole('listbox', { name: 'My stories' });
    const [priced, free] = options();
    expect(within(priced!).getByTestId('price-badge')).toHaveTextContent('$4.99');
    expect(within(free!).queryByTestId('price-badge')).toBeNull();
    expect(free).toHaveAccessibleName('Story 2 of 2');
    // The snap points respect the row's padding, so the first story never snaps to the edge.
    expect(screen.getByRole('listbox', { name: 'My stories' })).toHaveClass('scroll-px-4');
  });

  it('expands Purchased and Tips with a turning chevron and aria-expanded', async () => {
    renderMenu([video]);
    const purchased = await screen.findByRole('button', { name: /^Purchased/ });
    const tips = screen.getByRole('button', { name: /^Tips/ });
    expect(purchased).toHaveAttribute('aria-expanded', 'false');
    expect(tips).toHaveAttribute('aria-expanded', 'false');
    const chevron = within(purchased).getByTestId('disclosure-chevron');
    expect(chevron).not.toHaveClass('rotate-180');
    expect(screen.getByText('grace')).not.toBeVisible();
    await userEvent.click(purchased);
    expect(purchased).toHaveAttribute('aria-expanded', 'true');
    expect(chevron).toHaveClass('rotate-180');
    expect(screen.getByText('grace')).toBeVisible();
    expect(tips).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes full screen from a bar above the picture, with no disc over it', async () => {
    renderMenu([image]);
    await screen.findByRole('listbox', { name: 'My stories' });
    await userEvent.dblClick(options()[0]!);
    const fullScreen = await screen.findByRole('dialog', { name: 'Story full screen' });
    const close = within(fullScreen).getByRole('button', { name: 'Close full screen' });
    expect(within(fullScreen).getByTestId('full-screen-media')).not.toContainElement(close);
    expect(close.className).not.toMatch(/(^|\s)bg-/);
  });

  it('lists who watched the story, newest first, paging on with Show more', async () => {
    const { calls } = renderMenu([video]);
    const viewers = await screen.findByRole('button', { name: /^Viewers/ });
    expect(viewers).toHaveTextContent('42');
    // Nothing is asked for until the list is opened.
    expect(calls.some((call) => call.url.includes('/viewers'))).toBe(false);
    await userEvent.click(viewers);
    const region = screen.getByRole('region', { name: 'Viewers' });
    expect(await within(region).findByRole('link', { name: 'Zoe' })).toHaveAttribute(
      'href',
      '/u/zoe',
    );
    expect(within(region).getByText('5m ago')).toBeInTheDocument();
    expect(within(region).getByText('2h ago')).toBeInTheDocument();
    await userEvent.click(within(region).getByRole('button', { name: 'Show more' }));
    expect(await within(region).findByRole('link', { name: 'Xenia' })).toBeInTheDocument();
    expect(within(region).queryByRole('button', { name: 'Show more' })).toBeNull();
    expect(calls.map((call) => call.url)).toContain('/api/stories/11/viewers?cursor=next-page');
  });
});
