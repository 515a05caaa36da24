import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeServer } from '../../test/fake-realtime.ts';
import { testQueryClient } from '../../test/render.tsx';
import { Toaster } from '../../ui/Toaster.tsx';
import { ownStoryKeys } from './own-stories.queries.ts';
import { useOwnStoriesLiveUpdates } from './use-own-stories-live.ts';

// The socket is the boundary here: the test plays the server.
beforeEach(() => fakeServer.reset());

/**
 * The hook on a connected socket, once it listens. Connected already, it read the list again at
 * once; the list is then set afresh, so that only what comes next marks it stale.
 */
async function renderLiveUpdates() {
  const queryClient = testQueryClient();
  queryClient.setQueryData(ownStoryKeys.list(), []);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toaster />
    </QueryClientProvider>
  );
  renderHook(() => useOwnStoriesLiveUpdates(), { wrapper });
  await fakeServer.whenListening('connect', 'story.ready', 'story.failed');
  act(() => queryClient.setQueryData(ownStoryKeys.list(), []));
  return queryClient;
}

describe('useOwnStoriesLiveUpdates', () => {
  it('reloads the own stories when one is ready', async () => {
    const queryClient = await renderLiveUpdates();
    expect(queryClient.getQueryState(ownStoryKeys.list())?.isInvalidated).toBe(false);
    fakeServer.emit('story.ready', { story_id: 5 });
    expect(queryClient.getQueryState(ownStoryKeys.list())?.isInvalidated).toBe(true);
  });

  it('reloads them on each (re)connect: a ready event sent before it was missed', async () => {
    const queryClient = await renderLiveUpdates();
    expect(queryClient.getQueryState(ownStoryKeys.list())?.isInvalidated).toBe(false);
    fakeServer.reconnect();
    expect(queryClient.getQueryState(ownStoryKeys.list())?.isInvalidated).toBe(true);
  });

  it('reloads them and tells the owner when processing failed', async () => {
    const queryClient = await renderLiveUpdates();
    expect(queryClient.getQueryState(ownStoryKeys.list())?.isInvalidated).toBe(false);
    fakeServer.emit('story.failed', { story_id: 5, error: 'unreadable' });
    expect(queryClient.getQueryState(ownStoryKeys.list())?.isInvalidated).toBe(true);
    expect(await screen.findByText(/could not be processed/)).toBeInTheDocument();
  });
});
