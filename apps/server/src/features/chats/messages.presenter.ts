import {
  fromCents,
  type ChatStory,
  type Message,
  type MessageMeta,
  type StoryReplyQuote,
} from '@glimpse/contract';
import type { MediaSigner } from '../../platform/storage/media-signer.ts';
import type { MessageRow, ReadMarks } from './messages.repository.ts';

/** Tip amount and buyer (user_tip), or the request's name, price and live status (creator_tip). */
function presentMeta(row: MessageRow): MessageMeta {
  if (row.type === 'user_tip' && row.tipAmountCents !== null) {
    return {
      tip: { amount: fromCents(row.tipAmountCents) },
      buyer: { name: row.tipperName ?? row.senderName },
    };
  }
  if (row.type === 'creator_tip' && row.requestId !== null) {
    return {
      creator_tip: {
        name: row.requestMessage ?? '',
        price: fromCents(row.requestAmountCents ?? 0),
        request_id: row.requestId,
        status: row.requestStatus ?? 'pending',
      },
    };
  }
  return {};
}

/** The parts every copy of a message shares, whoever reads it. */
function baseMessage(row: MessageRow): Omit<Message, 'own' | 'is_read'> {
  if (row.deleted) return deletedMessage(row);
  return {
    id: row.id,
    chat_id: row.chatId,
    client_id: row.clientId,
    type: row.type,
    message: row.body,
    date: row.createdAt.toISOString(),
    user_id: row.senderId,
    story_id: row.storyId,
    sender_name: row.senderName,
    sender_slug: row.senderSlug,
    profile_image: null,
    audio_file_url: null,
    audio_duration: row.audioDurationSeconds,
    story: null,
    meta: presentMeta(row),
  };
}

/** A message its sender deleted for everyone: where it was, who sent it, nothing of what it said. */
function deletedMessage(row: MessageRow): Omit<Message, 'own' | 'is_read'> {
  return {
    id: row.id,
    chat_id: row.chatId,
    client_id: row.clientId,
    type: row.type,
    message: '',
    date: row.createdAt.toISOString(),
    user_id: row.senderId,
    story_id: null,
    sender_name: row.senderName,
    sender_slug: row.senderSlug,
    profile_image: null,
    audio_file_url: null,
    audio_duration: null,
    story: null,
    meta: {},
    deleted: true,
  };
}

export interface MessageViewContext {
  viewerId: number;
  marks: ReadMarks | undefined;
  story: ChatStory | undefined;
  /** The story a reply quotes, as the viewer sees it (features/stories). */
  replyQuote?: StoryReplyQuote | undefined;
  media: MediaSigner;
}

/**
 * The message as one viewer sees it. `is_read` of an own message: the other member read it
 * (direct chats; channels have no read receipts); of another's: the viewer read it.
 */
export function presentMessage(row: MessageRow, view: MessageViewContext): Message {
  const own = row.senderId === view.viewerId;
  const marks = view.marks ?? { viewer: 0, other: 0 };
  const isRead = own ? row.chatKind === 'direct' && marks.other >= row.id : marks.viewer >= row.id;
  const sign = (key: string | null) => (key ? view.media.url(key, view.viewerId) : null);
  if (row.deleted) {
    return { ...baseMessage(row), own, is_read: isRead, profile_image: sign(row.senderAvatarKey) };
  }
  return {
    ...baseMessage(row),
    own,
    is_read: isRead,
    profile_image: sign(row.senderAvatarKey),
    audio_file_url: sign(row.audioKey),
    story: view.story ?? null,
    ...(view.replyQuote ? { reply_to_story: view.replyQuote } : {}),
  };
}

/**
 * The copy sent to every socket of a chat with `message.created`: nothing per viewer (own and
 * is_read false, no signed URL); the client sets `own` from `user_id`.
 */
export function presentNeutralMessage(row: MessageRow): Message {
  return { ...baseMessage(row), own: false, is_read: false };
}
