/** Remembers which stories this app session already reported as watched, so each is sent once. */
export interface WatchTracker {
  /** True the first time an id is claimed, false after. */
  claim: (storyId: number) => boolean;
}

export function createWatchTracker(): WatchTracker {
  const sent = new Set<number>();
  return {
    claim(storyId) {
      if (sent.has(storyId)) return false;
      sent.add(storyId);
      return true;
    },
  };
}
