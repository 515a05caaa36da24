import { createContext, useContext, useMemo } from 'react';
import { useNavigate, type NavigateFunction } from 'react-router';

export interface OpenStoryViewerOptions {
  /** The creators to move through, in order (a home section, or one profile). */
  userIds: number[];
  startUserIndex: number;
  /** Start at this story instead of the group's first unwatched one. */
  startStoryIndex?: number;
  /** Called once the viewer has closed (the home screen reloads its lists here). */
  onClose?: () => void;
}

/** One opening of the viewer, as the provider keeps it. */
export interface StoryViewerSession extends OpenStoryViewerOptions {
  id: number;
  navigate: NavigateFunction;
  /** Where focus goes back to when the viewer closes. */
  returnFocusTo: HTMLElement | null;
}

export interface StoryViewerContextValue {
  /** `navigate` comes from the caller: the provider sits above the router. */
  open: (options: OpenStoryViewerOptions, navigate: NavigateFunction) => void;
}

export const StoryViewerContext = createContext<StoryViewerContextValue | null>(null);

/** Opens the full-screen story viewer over the current screen. */
export function useStoryViewer() {
  const context = useContext(StoryViewerContext);
  const navigate = useNavigate();
  if (!context) throw new Error('useStoryViewer needs a StoryViewerProvider above it');
  return useMemo(
    () => ({ open: (options: OpenStoryViewerOptions) => context.open(options, navigate) }),
    [context, navigate],
  );
}
