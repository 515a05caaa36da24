import { and, eq, inArray, isNull } from 'drizzle-orm';
import { users } from '../../../db/schema/index.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import type { MediaFact } from '../access.repository.ts';
import { mediaFacts } from '../access.repository.ts';
import { chatFacts, type ChatFact } from '../chat-facts.repository.ts';
import type { DbOrTx } from '../../../platform/db/database.ts';
import { definePermission, type Verdict, type Viewer } from '../permission.ts';
import { chatReadable } from './chat.permissions.ts';
import { decideStoryContent } from './story.permissions.ts';

/** A blob's facts, with the chat of a voice message (read only for audio blobs). */
export interface MediaViewFact extends MediaFact {
  chat: ChatFact | null;
  /** The viewer is a moderator or admin in good standing (read only when a rule refuses). */
  viewerStaff: boolean;
}

/** The blob kind of a voice message's recording (features/chats). */
export const MESSAGE_AUDIO_KIND = 'message_audio';

/** What staff may fetch besides what anyone may: the reported item in the console (issue 29). */
const STAFF_KINDS = new Set(['story_image', 'story_video', MESSAGE_AUDIO_KIND]);

/** Per blob kind, who besides its owner may fetch it. A kind not listed is its owner's only. */
const kindRules: Record<string, (media: MediaViewFact, viewer: number) => boolean> = {
  // Profile pictures are for every signed-in user (profiles are).
  avatar: () => true,
  avatar_thumb: () => true,
  // Story renditions follow the story: visible and open to the viewer.
  story_image: (media, viewer) =>
    media.story !== null && decideStoryContent(media.story, viewer) === 'allow',
  story_video: (media, viewer) =>
    media.story !== null && decideStoryContent(media.story, viewer) === 'allow',
  // A voice message is for whoever may read its chat (`chat.read`).
  [MESSAGE_AUDIO_KIND]: (media, viewer) => media.chat !== null && chatReadable(media.chat, viewer),
  // story_source (the uploaded original) is deliberately absent: owner only.
};

/** Whether a signed-in viewer may fetch one blob once its signed URL checked out. */
export function decideMediaView(media: MediaViewFact, viewer: Viewer): Verdict {
  if (viewer === null) return 'hidden';
  return ordinaryVerdict(media, viewer) === 'allow' ||
    (media.viewerStaff && STAFF_KINDS.has(media.kind))
    ? 'allow'
    : 'hidden';
}

function ordinaryVerdict(media: Omit<MediaViewFact, 'viewerStaff'>, viewer: number): Verdict {
  if (media.ownerId === viewer) return 'allow';
  return kindRules[media.kind]?.({ ...media, viewerStaff: false }, viewer) ? 'allow' : 'hidden';
}

/** Moderators and admins see locked and taken-down media in the console (issue 29). */
async function isStaff(db: DbOrTx, viewer: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.id, viewer),
        inArray(users.role, ['moderator', 'admin']),
        isNull(users.suspendedAt),
      ),
    );
  return row !== undefined;
}

/** The blobs' facts; the chats of voice messages come from a second query, only when asked. */
async function mediaViewFacts(
  db: DbOrTx,
  viewer: Viewer,
  keys: string[],
): Promise<MediaViewFact[]> {
  const media = await mediaFacts(db, viewer, keys);
  const chatIds = media.flatMap((m) => (m.audioChatId === null ? [] : [m.audioChatId]));
  const chats =
    chatIds.length === 0
      ? new Map<number, ChatFact>()
      : new Map((await chatFacts(db, viewer, [...new Set(chatIds)])).map((c) => [c.id, c]));
  const facts = media.map((m) => ({
    ...m,
    chat: m.audioChatId === null ? null : (chats.get(m.audioChatId) ?? null),
  }));
  // The role is read only when an ordinary rule refuses, so everyone else's fetch costs nothing.
  const viewerStaff =
    viewer !== null &&
    facts.some((fact) => ordinaryVerdict(fact, viewer) !== 'allow') &&
    (await isStaff(db, viewer));
  return facts.map((fact) => ({ ...fact, viewerStaff }));
}

export const mediaPermissions = {
  /**
   * Fetch a blob by key (once its signed URL checked out). Every refusal is the same 404, as
   * an absent blob: the viewer learns nothing more than that they cannot have it.
   */
  'media.view': definePermission<string, MediaViewFact>({
    load: mediaViewFacts,
    idOf: (media) => media.key,
    decide: decideMediaView,
    refusals: {
      hidden: () => new AppError('media_not_found'),
      forbidden: () => new AppError('media_link_invalid'),
    },
  }),
};
