import type { StoryGroup } from '@glimpse/contract';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeServer } from '../../test/fake-realtime.ts';
import { storyViewerKeys } from './story-viewer.queries.ts';
import {
  currentPosition,
  makeGroup,
  makeStory,
  openViewer,
  renderViewer,
} from './test/story-viewer.test-utils.tsx';

// The socket is the boundary: the test plays the server sending `content.removed`.
beforeEach(() => fakeServer.reset());

const ada = () =>
  makeGroup({ stories: [makeStory({ id: 11 }), makeStory({ id: 12 }), makeStory({ id: 13 })] });
const grace = makeGroup({
  name: 'Grace',
  slug: 'grace',
  creator_id: 2,
  stories: [makeStory({ id: 21, user_id: 2, name: 'Grace' })],
});

function cachedIds(queryClient: ReturnType<typeof renderViewer>['queryClient'], userId: number) {
  return queryClient
    .getQueryData<StoryGroup>(storyViewerKeys.group(userId))
    ?.stories.map((story) => story.id);
}

describe('Story viewer: a story taken down while open', () => {
  // First: sonner keeps the toasts of earlier tests in this file.
  it('keeps showing the same story when an earlier one goes, without a notice', async () => {
    renderViewer({ groups: [ada()], startStoryIndex: 2 });
    await openViewer();
    fakeServer.emit('content.removed', { kind: 'story', id: 11 });
    expect(currentPosition()).toBe('Story 2 of 2');
    expect(screen.getByRole('img', { name: 'Story 13' })).toBeInTheDocument();
    expect(screen.queryByText('This story is no longer available')).not.toBeInTheDocument();
  });

  it('moves from the removed story to the next one, drops it from the cache and says why', async () => {
    const { queryClient } = renderViewer({ groups: [ada()], startStoryIndex: 1 });
    await openViewer();
    expect(currentPosition()).toBe('Story 2 of 3');
    fakeServer.emit('content.removed', { kind: 'story', id: 12 });
    expect(await screen.findByText('This story is no longer available')).toBeInTheDocument();
    // Story 13 now holds the second place, and the group counts two.
    expect(currentPosition()).toBe('Story 2 of 2');
    expect(screen.getByRole('img', { name: 'Story 13' })).toBeInTheDocument();
    expect(cachedIds(queryClient, 1)).toEqual([11, 13]);
  });

  it("goes on to the next creator when the removed story was the group's last", async () => {
    renderViewer({ groups: [ada(), grace], startStoryIndex: 2 });
    await openViewer();
    fakeServer.emit('content.removed', { kind: 'story', id: 13 });
    expect(await screen.findByRole('dialog', { name: 'Stories of Grace' })).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'Story 21' })).toBeInTheDocument();
  });

  it('closes when no story is left after the removed one', async () => {
    const only = makeGroup({ stories: [makeStory({ id: 11 })] });
    const { onClose } = renderViewer({ groups: [only] });
    await openViewer();
    fakeServer.emit('content.removed', { kind: 'story', id: 11 });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(onClose).toHaveBeenCalled();
    expect(await screen.findByText('This story is no longer available')).toBeInTheDocument();
  });

  it('ignores a removed message or stream, and a story it does not hold', async () => {
    renderViewer({ groups: [ada()], startStoryIndex: 1 });
    await openViewer();
    fakeServer.emit('content.removed', { kind: 'message', id: 12, chat_id: 3 });
    fakeServer.emit('content.removed', { kind: 'stream', id: 12 });
    fakeServer.emit('content.removed', { kind: 'story', id: 99 });
    expect(currentPosition()).toBe('Story 2 of 3');
    expect(screen.getByRole('img', { name: 'Story 12' })).toBeInTheDocument();
  });
});
