import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { installTestImport } from '../../lib/lazy-module.ts';
import { renderScreen } from '../../test/render.tsx';
import { overlayModule } from './overlay-module.ts';
import { StoryOpener } from './test/story-opener.tsx';

// The viewer's chunk cannot be fetched (offline, or replaced by a deploy), at every try.
beforeEach(() => {
  installTestImport(overlayModule, () =>
    Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
  );
});

describe('Story viewer whose code cannot load', () => {
  it('says so, offers another try, and closes', async () => {
    renderScreen(<StoryOpener />);
    await userEvent.click(screen.getByRole('button', { name: 'Open stories' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong');

    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    // It fails again here; the message comes back rather than a spinner forever.
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong');

    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('button', { name: 'Open stories' })).toBeInTheDocument();
  });
});
