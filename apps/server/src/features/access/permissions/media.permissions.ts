import { AppError } from '../../../platform/errors/app-error.ts';
import type { MediaFact } from '../access.repository.ts';
import { mediaFacts } from '../access.repository.ts';
import { definePermission, type Verdict, type Viewer } from '../permission.ts';
import { decideStoryContent } from './story.permissions.ts';

/** Per blob kind, who besides its owner may fetch it. A kind not listed is its owner's only. */
const kindRules: Record<string, (media: MediaFact, viewer: number) => boolean> = {
  // Profile pictures are for every signed-in user (profiles are).
  avatar: () => true,
  avatar_thumb: () => true,
  // Story renditions follow the story: visible and open to the viewer.
  story_image: (media, viewer) =>
    media.story !== null && decideStoryContent(media.story, viewer) === 'allow',
  story_video: (media, viewer) =>
    media.story !== null && decideStoryContent(media.story, viewer) === 'allow',
  // story_source (the uploaded original) is deliberately absent: owner only.
};

/** Whether a signed-in viewer may fetch one blob once its signed URL checked out. */
export function decideMediaView(media: MediaFact, viewer: Viewer): Verdict {
  if (viewer === null) return 'hidden';
  if (media.ownerId === viewer) return 'allow';
  return kindRules[media.kind]?.(media, viewer) ? 'allow' : 'hidden';
}

export const mediaPermissions = {
  /** Fetch a blob by key. Every refusal is the same 403, so probes learn nothing. */
  'media.view': definePermission<string, MediaFact>({
    load: mediaFacts,
    idOf: (media) => media.key,
    decide: decideMediaView,
    refusals: {
      hidden: () => new AppError('media_link_invalid'),
      forbidden: () => new AppError('media_link_invalid'),
    },
  }),
};
