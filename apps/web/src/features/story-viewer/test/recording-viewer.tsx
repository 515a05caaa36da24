import type { ReactNode } from 'react';
import { vi } from 'vitest';
import {
  StoryViewerContext,
  type OpenStoryViewerOptions,
  type StoryViewerContextValue,
} from '../story-viewer-context.ts';

/**
 * The story viewer as a screen reaches it (useStoryViewer), recording each opening instead of
 * opening: for tests of screens that only say what they open. `around` puts it between the
 * screen and the app's provider; the viewer itself is story-viewer's own tests'.
 */
export function recordingStoryViewer() {
  const open = vi.fn<(options: OpenStoryViewerOptions) => void>();
  const value: StoryViewerContextValue = { open: (options) => open(options) };
  return {
    open,
    around: (screen: ReactNode) => <StoryViewerContext value={value}>{screen}</StoryViewerContext>,
  };
}
