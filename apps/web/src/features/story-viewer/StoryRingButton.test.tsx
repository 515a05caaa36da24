import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '../../test/fetch-mock.ts';
import { renderScreen } from '../../test/render.tsx';
import { StoryRingButton } from './StoryRingButton.tsx';
import { storyViewerKeys } from './story-viewer.queries.ts';
import { loadOpeningPicture, makeGroup, makeStory } from './test/story-viewer.test-utils.tsx';

function renderRing(stories = [makeStory({ id: 11, watched: true }), makeStory({ id: 12 })]) {
  mockFetch({
    'GET /api/users/1/stories': { body: makeGroup({ stories }) },
    'POST /api/stories/12/watch': { status: 204 },
  });
  return renderScreen(
    <StoryRingButton userId={1} name="Ada">
      <span>avatar</span>
    </StoryRingButton>,
  );
}

describe('StoryRingButton', () => {
  it('rings the avatar while stories are unwatched and opens the viewer on them', async () => {
    renderRing();
    const button = await screen.findByRole('button', { name: "View Ada's stories" });
    expect(button).toHaveAttribute('data-unwatched', 'true');
    await userEvent.click(button);
    await loadOpeningPicture();
    expect(
      await screen.findByRole('dialog', { name: 'Stories of Ada' }, { timeout: 5_000 }),
    ).toBeInTheDocument();
    expect(await screen.findByText('Story 2 of 2')).toBeInTheDocument();
  });

  it('uses a quiet ring when all are watched', async () => {
    renderRing([makeStory({ id: 11, watched: true })]);
    const button = await screen.findByRole('button', { name: "View Ada's stories" });
    expect(button).toHaveAttribute('data-unwatched', 'false');
  });

  it('shows the plain avatar for a creator without stories', async () => {
    const { queryClient } = renderRing([]);
    await waitFor(() =>
      expect(queryClient.getQueryState(storyViewerKeys.group(1))?.status).toBe('success'),
    );
    expect(screen.getByText('avatar')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
