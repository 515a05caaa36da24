import { AppError } from '../../../platform/errors/app-error.ts';
import type { StoryContentFact, StoryFact } from '../access.repository.ts';
import { storyContentFacts, storyFacts } from '../access.repository.ts';
import { definePermission, type Verdict, type Viewer } from '../permission.ts';
import { chatReadable } from './chat.permissions.ts';

/**
 * Whether the viewer may know the story exists: its owner always; once it is ready, anyone
 * signed in for a public story, and for a story posted into chats whoever may read one of the
 * chats holding it (`chat.read`: a direct chat's members, a channel's followers and
 * subscribers). Processing and failed stories are their owner's business only. A creator who
 * blocked the viewer hides every story from them, and so its content and media (features/blocks);
 * an account being deleted or suspended hides every story from everyone but its owner. A story
 * taken down or in review is not `ready`: its owner's only. Staff (moderators, admins in good
 * standing) see every story.
 */
export function storyVisible(story: StoryFact, viewer: Viewer): boolean {
  if (viewer === null) return false;
  // Moderators read every story, taken down or held included, to judge it (issue 29).
  if (story.viewerIsStaff) return true;
  if (story.ownerBlocksViewer) return false;
  if (story.ownerId === viewer) return true;
  if (story.ownerHidden) return false;
  if (story.status !== 'ready') return false;
  return story.audience === 'public' || story.chats.some((chat) => chatReadable(chat, viewer));
}

export function decideStoryView(story: StoryFact, viewer: Viewer): Verdict {
  return storyVisible(story, viewer) ? 'allow' : 'hidden';
}

/**
 * Whether the viewer gets the story's content (media URLs, `isAvailable`): the owner; anyone
 * for a free story; for a priced story a buyer (`story_unlocks`) or an active subscriber of
 * the creator. Anyone else sees it locked.
 */
export function decideStoryContent(story: StoryContentFact, viewer: Viewer): Verdict {
  if (!storyVisible(story, viewer)) return 'hidden';
  if (story.ownerId === viewer || story.priceCents === null || story.viewerIsStaff) return 'allow';
  return story.unlocked || story.subscribed ? 'allow' : 'forbidden';
}

/** Owner-only actions: editing, deleting, statistics. Others learn only what they may see. */
export function decideStoryOwner(story: StoryFact, viewer: Viewer): Verdict {
  if (story.ownerId === viewer) return 'allow';
  return storyVisible(story, viewer) ? 'forbidden' : 'hidden';
}

/** Reporting needs the story to be visible, and nobody reports their own. */
export function decideStoryReport(story: StoryFact, viewer: Viewer): Verdict {
  if (!storyVisible(story, viewer)) return 'hidden';
  return story.ownerId === viewer ? 'forbidden' : 'allow';
}

/** What `explainAccess` tells of a story's content: who sells it, at what price (money). */
export interface StoryContentSubject {
  ownerId: number;
  /** Null for a free story. */
  priceCents: number | null;
}

const storyRefusals = {
  hidden: () => new AppError('story_not_found'),
  forbidden: () => new AppError('forbidden'),
};

function storyPermission(decide: (story: StoryFact, viewer: Viewer) => Verdict) {
  return definePermission<number, StoryFact>({
    load: storyFacts,
    idOf: (story) => story.id,
    decide,
    refusals: storyRefusals,
  });
}

export const storyPermissions = {
  /** See the story at all (read it, watch it, list it). */
  'story.view': storyPermission(decideStoryView),
  /** See its media; a refusal means "locked", which reads still answer with 200. */
  'story.content': definePermission<number, StoryContentFact, StoryContentSubject>({
    load: storyContentFacts,
    idOf: (story) => story.id,
    decide: decideStoryContent,
    refusals: storyRefusals,
    describe: (story) => ({ ownerId: story.ownerId, priceCents: story.priceCents }),
  }),
  /** Edit or delete it. */
  'story.edit': storyPermission(decideStoryOwner),
  'story.statistics': storyPermission(decideStoryOwner),
  /** Who watched it (GET /api/stories/{id}/viewers). */
  'story.viewers': storyPermission(decideStoryOwner),
  'story.report': storyPermission(decideStoryReport),
};
