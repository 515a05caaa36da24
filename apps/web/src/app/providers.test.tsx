import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { testQueryClient } from '../test/render.tsx';
import { Providers } from './providers.tsx';

// The story viewer's provider, counting its renders (an open viewer re-renders with it).
const viewerProvider = vi.hoisted(() => ({ renders: 0 }));
vi.mock('../features/story-viewer/StoryViewerProvider.tsx', () => ({
  StoryViewerProvider: ({ children }: { children: ReactNode }) => {
    viewerProvider.renders += 1;
    return children;
  },
}));
// The snackbar host, marked, so the test sees the page turn idle.
vi.mock('../ui/LazyToaster.tsx', () => ({
  LazyToaster: () => <div data-testid="snackbar-host" />,
}));

describe('Providers', () => {
  it('adds the snackbar host once idle without rendering the story viewer again', async () => {
    render(
      <Providers queryClient={testQueryClient()}>
        <p>screen</p>
      </Providers>,
    );
    expect(screen.queryByTestId('snackbar-host')).not.toBeInTheDocument();
    const rendersBefore = viewerProvider.renders;
    expect(await screen.findByTestId('snackbar-host')).toBeInTheDocument();
    expect(viewerProvider.renders).toBe(rendersBefore);
  });
});
