import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../test/render.tsx';
import { HomeTabs } from './HomeTabs.tsx';

// The tabs alone: each tab's lists are their own tests (StoriesTab via HomeScreen.test.tsx,
// StreamsTab.test.tsx). Counting the Streams module's evaluations shows when its code is asked
// for (the module's factory runs on its first import).
const streamsModule = vi.hoisted(() => ({ imports: 0 }));
vi.mock('./StoriesTab.tsx', () => ({ StoriesTab: () => <p>Stories lists</p> }));
vi.mock('./StreamsTab.tsx', () => {
  streamsModule.imports += 1;
  return {
    StreamsTab: ({ active }: { active: boolean }) => <p>{`Streams lists, ${String(active)}`}</p>,
  };
});

describe('HomeTabs', () => {
  it("asks for the Streams tab's code when a pointer comes to the tab, then shows it on the click", async () => {
    renderScreen(<HomeTabs onOpenFilter={() => undefined} />);
    expect(screen.getByText('Stories lists')).toBeVisible();
    expect(streamsModule.imports).toBe(0);
    const streams = screen.getByRole('tab', { name: 'Streams' });
    await userEvent.hover(streams);
    await waitFor(() => expect(streamsModule.imports).toBe(1));
    await userEvent.click(streams);
    expect(await screen.findByText('Streams lists, true')).toBeVisible();
    expect(screen.getByText('Stories lists')).not.toBeVisible();
    await userEvent.click(screen.getByRole('tab', { name: 'Stories' }));
    // Kept mounted, hidden, and told it is not shown.
    expect(screen.getByText('Streams lists, false')).not.toBeVisible();
    expect(streamsModule.imports).toBe(1);
  });
});
