import type { HomeFilter, HomeSection, StreamAudience } from '@glimpse/contract';
import { ageOn } from '../../users/age.ts';

export interface ReferenceCreator {
  id: number;
  sex: string;
  birthdate: string;
  countryId: number;
  tagIds: number[];
  subCategoryIds: number[];
}

/**
 * The home filter as plain in-memory code: the reference the SQL is tested against. Kept beside
 * the repository so a rule change shows in both places (the block rule is `onViewersHome`).
 */
export function matchesHomeFilter(
  creator: ReferenceCreator,
  filter: HomeFilter,
  today = new Date(),
): boolean {
  const age = ageOn(creator.birthdate, today);
  if (age < filter.ageMin || age > filter.ageMax) return false;
  if (
    filter.genders.length > 0 &&
    !filter.genders.includes(creator.sex as HomeFilter['genders'][number])
  )
    return false;
  if (filter.tags.length > 0 && !creator.tagIds.some((t) => filter.tags.includes(t))) return false;
  if (
    filter.categories.length > 0 &&
    !creator.subCategoryIds.some((c) => filter.categories.includes(c))
  )
    return false;
  if (
    filter.countries.length > 0 &&
    !filter.countries.includes(0) &&
    !filter.countries.includes(creator.countryId)
  )
    return false;
  return true;
}

/** `blockerId` blocked `blockedId` (features/blocks). */
export interface ReferenceBlock {
  blockerId: number;
  blockedId: number;
}

/** A block either way keeps two users off each other's home lists (every section). */
export function blockedEitherWay(
  userA: number,
  userB: number,
  blocks: readonly ReferenceBlock[],
): boolean {
  return blocks.some(
    (b) =>
      (b.blockerId === userA && b.blockedId === userB) ||
      (b.blockerId === userB && b.blockedId === userA),
  );
}

/** Whether the creator is on the viewer's home lists under the filter: the whole rule. */
export function onViewersHome(
  creator: ReferenceCreator,
  viewerId: number,
  filter: HomeFilter,
  blocks: readonly ReferenceBlock[],
  today = new Date(),
): boolean {
  return (
    creator.id !== viewerId &&
    !blockedEitherWay(creator.id, viewerId, blocks) &&
    matchesHomeFilter(creator, filter, today)
  );
}

/** The viewer's relation to a creator, as the live-stream audience rule reads it. */
export interface ReferenceRelation {
  follows: boolean;
  /** An active subscription. */
  subscribed: boolean;
}

/** The section a creator is in for the viewer: subscribed, else following, else discover. */
export function referenceSection(relation: ReferenceRelation): HomeSection {
  if (relation.subscribed) return 'subscribed';
  return relation.follows ? 'following' : 'discover';
}

/**
 * Whether a creator's live stream is on the viewer's Streams lists (given `onViewersHome`): its
 * audience takes the viewer in, the rule of `stream.view` (everyone; followers: a follower or
 * subscriber; subscribers: a subscriber). Only `live` streams are listed.
 */
export function liveStreamListed(
  stream: { status: 'starting' | 'live' | 'ended'; audience: StreamAudience },
  relation: ReferenceRelation,
): boolean {
  if (stream.status !== 'live') return false;
  if (stream.audience === 'followers') return relation.follows || relation.subscribed;
  if (stream.audience === 'subscribers') return relation.subscribed;
  return true;
}

/** A story as the home lists read it. */
export interface ReferenceStory {
  id: number;
  creatorId: number;
  status: 'processing' | 'ready' | 'failed' | 'in_review' | 'taken_down';
  audience: 'public' | 'chat';
  /** Milliseconds since the epoch. */
  createdAt: number;
}

/**
 * The stories lists' order for creators already on the viewer's list: only creators with a
 * listed story (ready, public), editorial order first, then those with a listed story the
 * viewer has not watched, then the latest listed story, then id (all descending).
 */
export function referenceHomeOrder(
  creators: readonly { id: number; order: number }[],
  stories: readonly ReferenceStory[],
  watched: (storyId: number) => boolean,
): { id: number; hasUnwatched: boolean }[] {
  return creators
    .map((creator) => {
      const listed = stories.filter(
        (s) => s.creatorId === creator.id && s.status === 'ready' && s.audience === 'public',
      );
      return {
        ...creator,
        listed: listed.length > 0,
        hasUnwatched: listed.some((s) => !watched(s.id)),
        latest: Math.max(...listed.map((s) => s.createdAt)),
      };
    })
    .filter((c) => c.listed)
    .sort(
      (a, b) =>
        b.order - a.order ||
        Number(b.hasUnwatched) - Number(a.hasUnwatched) ||
        b.latest - a.latest ||
        b.id - a.id,
    )
    .map(({ id, hasUnwatched }) => ({ id, hasUnwatched }));
}
