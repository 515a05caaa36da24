import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { testQueryClient } from '../../test/render.tsx';
import { Toaster } from '../../ui/Toaster.tsx';
import { ownStoryKeys } from './own-stories.queries.ts';
import { useOwnStoriesLiveUpdates } from './use-own-stories-live.ts';

// The socket is the boundary here: capture what the hook subscribes to.
const handlers = new Map<string, (payload: unknown) => void>();
vi.mock('../../lib/realtime.ts', () => ({
  useRealtimeEvent: (event: string, handler: (payload: unknown) => void) => {
    handlers.set(event, handler);
  },
}));
vi.mock('../../lib/realtime-rooms.ts', () => ({
  useRealtimeConnection: (handler: () => void) => {
    handlers.set('connect', handler);
  },
}));

function renderLiveUpdates() {
  const queryClient = testQueryClient();
  queryClient.setQueryData(ownStoryKeys.list(), []);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toaster />
    </QueryClientProvider>
  );
  renderHook(() => useOwnStoriesLiveUpdates(), { wrapper });
  return queryClient;
}

describe('useOwnStoriesLiveUpdates', () => {
  it('reloads the own stories when one is ready', () => {
    const queryClient = renderLiveUpdates();
    handlers.get('story.ready')!({ story_id: 5 });
    expect(queryClient.getQueryState(ownStoryKeys.list())?.isInvalidated).toBe(true);
  });

  it('reloads them on each (re)connect: a ready event sent before it was missed', () => {
    const queryClient = renderLiveUpdates();
    expect(queryClient.getQueryState(ownStoryKeys.list())?.isInvalidated).toBe(false);
    handlers.get('connect')!(undefined);
    expect(queryClient.getQueryState(ownStoryKeys.list())?.isInvalidated).toBe(true);
  });

  it('reloads them and tells the owner when processing failed', async () => {
    const queryClient = renderLiveUpdates();
    handlers.get('story.failed')!({ story_id: 5, error: 'unreadable' });
    expect(queryClient.getQueryState(ownStoryKeys.list())?.isInvalidated).toBe(true);
    expect(await screen.findByText(/could not be processed/)).toBeInTheDocument();
  });
});
