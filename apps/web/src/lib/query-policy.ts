/**
 * How long each resource's cached answer counts as fresh, in one place (social-app keeps its
 * stale times per resource the same way), so two screens reading one resource agree.
 */
export const staleTimes = {
  /** Anything without its own entry. */
  default: 30_000,
  /** The signed-in user. */
  me: 60_000,
  /** Countries, tags, categories: they change rarely, so keep them for the session. */
  reference: 60 * 60 * 1000,
  /** Answers that must be fresh whenever they are asked for (statistics, verification). */
  always: 0,
} as const;

/**
 * Cache roots that a feature other than the owner refreshes. The owner's key factory builds on
 * them, so a feature can refresh another's cache without importing its internals.
 */
export const sharedQueryRoots = {
  /** The signed-in user's own stories (own-stories); posting a story refreshes them. */
  ownStories: ['own-stories'] as const,
  /** Other users' profiles (profile); blocking or unblocking someone refreshes them. */
  profiles: ['profiles'] as const,
};
