import {
  fromCents,
  type AuditEntry,
  type ModerationItem,
  type ModerationUserRef,
  type ReportKind,
} from '@glimpse/contract';
import type { MediaSigner } from '../../platform/storage/media-signer.ts';
import type { AuditPerson, AuditRow } from '../audit/index.ts';
import type * as items from './items.repository.ts';

/** Someone as the console shows them; the avatar signed for the moderator. */
export function personRef(
  person: AuditPerson | items.PersonRow,
  moderatorId: number,
  signer: MediaSigner,
): ModerationUserRef {
  return {
    id: person.id,
    name: person.name,
    slug: person.slug,
    avatar_url: person.avatarKey ? signer.url(person.avatarKey, moderatorId) : null,
  };
}

/** A deleted account the console still has to name (reports of it cascade, audit lines stay). */
export const goneRef = (id: number): ModerationUserRef => ({
  id,
  name: '',
  slug: '',
  avatar_url: null,
});

export function auditEntry(row: AuditRow, moderatorId: number, signer: MediaSigner): AuditEntry {
  return {
    id: row.id,
    actor: row.actor ? personRef(row.actor, moderatorId, signer) : null,
    action: row.action,
    target_kind: row.targetKind,
    target_id: row.targetId,
    subject: row.subject
      ? personRef(row.subject, moderatorId, signer)
      : row.subjectUserId !== null
        ? goneRef(row.subjectUserId)
        : null,
    note: row.note,
    details: row.details,
    created_at: row.createdAt.toISOString(),
  };
}

/** The rows of the reported items, by kind, for `itemOf`. */
export interface ItemRows {
  story: Map<number, items.StoryItemRow>;
  message: Map<number, items.MessageItemRow>;
  user: Map<number, items.UserItemRow>;
  stream: Map<number, items.StreamItemRow>;
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** A story's media signed for the moderator (the queue's preview and the review list). */
export function storyMediaUrls(
  story: Pick<items.StoryItemRow, 'imageKey' | 'mp4Key' | 'posterKey'>,
  moderatorId: number,
  signer: MediaSigner,
) {
  const sign = (key: string | null) => (key ? signer.url(key, moderatorId) : null);
  return {
    image_url: sign(story.imageKey),
    video_url: sign(story.mp4Key),
    poster_url: sign(story.posterKey),
  };
}

/**
 * The reported item shown in place; media signed for the moderator (access lets staff fetch
 * locked and taken-down media). Null when the item is gone.
 */
export function itemOf(
  rows: ItemRows,
  kind: ReportKind,
  id: number,
  moderatorId: number,
  signer: MediaSigner,
): ModerationItem | null {
  const sign = (key: string | null) => (key ? signer.url(key, moderatorId) : null);
  switch (kind) {
    case 'story': {
      const story = rows.story.get(id);
      return story
        ? {
            kind,
            id,
            text: story.text,
            is_video: story.isVideo,
            price: story.priceCents === null ? null : fromCents(story.priceCents),
            status: story.status,
            ...storyMediaUrls(story, moderatorId, signer),
            created_at: story.createdAt.toISOString(),
          }
        : null;
    }
    case 'message': {
      const message = rows.message.get(id);
      return message && !message.deletedAt
        ? {
            kind,
            id,
            chat_id: message.chatId,
            type: message.type,
            body: message.body,
            audio_url: sign(message.audioKey),
            story_id: message.storyId,
            taken_down: message.takenDownAt !== null,
            created_at: message.createdAt.toISOString(),
          }
        : null;
    }
    case 'user': {
      const user = rows.user.get(id);
      return user && !user.deletedAt
        ? {
            kind,
            id,
            name: user.name,
            slug: user.slug,
            bio: user.bio,
            avatar_url: sign(user.avatarKey),
            suspended: user.suspendedAt !== null,
            suspended_until: iso(user.suspendedUntil),
            created_at: user.createdAt.toISOString(),
          }
        : null;
    }
    case 'stream': {
      const stream = rows.stream.get(id);
      return stream
        ? {
            kind,
            id,
            title: stream.title,
            status: stream.status,
            viewer_count: stream.viewerCount,
            started_at: iso(stream.startedAt),
            taken_down: stream.takenDownAt !== null,
          }
        : null;
    }
  }
}
