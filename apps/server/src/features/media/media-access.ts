import type { MediaObjectRow } from './media.repository.ts';

/** Decides whether a viewer may fetch one blob of a kind a feature owns. */
export type MediaAccessRule = (media: MediaObjectRow, viewerId: number) => Promise<boolean>;

const rules = new Map<string, MediaAccessRule>();

/** Features that share media (stories, messages) register the rule for their kinds at start-up. */
export function registerMediaAccessRule(kind: string, rule: MediaAccessRule): void {
  rules.set(kind, rule);
}

/**
 * Who may fetch a blob once the signed URL checked out. Profile pictures are shown to any
 * signed-in user; the owner always sees their own; any other kind needs its feature's rule,
 * and without one nobody else gets it.
 */
export async function mayViewMedia(media: MediaObjectRow, viewerId: number): Promise<boolean> {
  if (media.kind === 'avatar' || media.kind === 'avatar_thumb') return true;
  if (media.ownerId === viewerId) return true;
  const rule = rules.get(media.kind);
  return rule ? rule(media, viewerId) : false;
}
