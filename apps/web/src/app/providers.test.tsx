import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { makeGroup, makeStory } from '../features/story-viewer/test/story-fixtures.ts';
import { StoryOpener } from '../features/story-viewer/test/story-opener.tsx';
import { overlayModule } from '../features/story-viewer/overlay-module.ts';
import { deferIdleWorkUntil } from '../lib/idle.ts';
import { installTestImport } from '../lib/lazy-module.ts';
import { mockFetch } from '../test/fetch-mock.ts';
import { testQueryClient } from '../test/render.tsx';
import { Providers } from './providers.tsx';

afterEach(() => {
  deferIdleWorkUntil(Promise.resolve());
});

/** sonner's list of snackbars, which the host renders once it is here. */
const snackbarHost = () => screen.queryByRole('region', { name: /^Notifications/ });

describe('Providers', () => {
  it('adds the snackbar host once idle without rendering the story viewer again', async () => {
    // The page turns idle when the test says, with the story viewer open by then: a viewer
    // that counts its renders (the provider renders it anew on each of its own renders).
    let settle = () => undefined as void;
    deferIdleWorkUntil(new Promise<void>((resolve) => (settle = resolve)));
    let viewerRenders = 0;
    installTestImport(overlayModule, async () => ({
      StoryViewerOverlay: () => {
        viewerRenders += 1;
        return <p>the viewer</p>;
      },
    }));
    // A locked story: nothing to draw first, so the viewer shows as soon as it is here.
    const locked = makeStory({ isAvailable: false, overlay_src: null, overlay_image_src: null });
    mockFetch({ 'GET /api/users/1/stories': { body: makeGroup({ stories: [locked] }) } });
    render(
      <Providers queryClient={testQueryClient()}>
        <MemoryRouter>
          <StoryOpener />
        </MemoryRouter>
      </Providers>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Open stories' }));
    expect(await screen.findByText('the viewer')).toBeInTheDocument();

    expect(snackbarHost()).not.toBeInTheDocument();
    const rendersBefore = viewerRenders;
    settle();
    expect(await screen.findByRole('region', { name: /^Notifications/ })).toBeInTheDocument();
    expect(viewerRenders).toBe(rendersBefore);
  });
});
