import { z } from 'zod';
import { CLIENT_ID_MAX, MESSAGE_TEXT_MAX, TIP_MESSAGE_MAX } from '../constants.ts';
import { tipAmount } from './purchases.ts';
import { ID_MAX, intParam } from './common.ts';
import { multiLineText } from './text.ts';

const rowId = z.number().int().min(1).max(ID_MAX);

/** Spec 3 "Message" types; plain text is `text`. */
export const MESSAGE_TYPES = ['text', 'story', 'user_tip', 'creator_tip', 'audio'] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

/** Spec 3 "Story (in chats)": a story posted into a chat, as one recipient sees it. */
export const chatStorySchema = z.object({
  id: z.number().int(),
  price: z.number().nullable(),
  /** False until the recipient unlocks it (or subscribes); media URLs are null while false. */
  isAvailable: z.boolean(),
  overlay_image_src: z.string().nullable(),
  overlay_src: z.string().nullable(),
  mp4_video_src: z.string().nullable(),
  webm_video_src: z.string().nullable(),
  is_video: z.boolean(),
  text: z.string(),
  tags: z.array(z.string()),
  type: z.enum(['tags', 'other']),
  slug: z.string(),
  verified: z.boolean(),
  creator_id: z.number().int(),
  user_id: z.number().int(),
  profileImage: z.string().nullable(),
  name: z.string(),
  online: z.boolean(),
  subscribePrice: z.number().nullable(),
  noPaid: z.boolean(),
});
export type ChatStory = z.infer<typeof chatStorySchema>;

export const TIP_REQUEST_STATUSES = ['pending', 'paid', 'declined'] as const;

/** What a tip or tip-request message carries besides its text. */
export const messageMetaSchema = z.object({
  /** user_tip: the amount sent. */
  tip: z.object({ amount: z.number() }).optional(),
  /** creator_tip: a tip the sender asks for, payable from the message by the addressee. */
  creator_tip: z
    .object({
      name: z.string(),
      price: z.number(),
      request_id: z.number().int(),
      status: z.enum(TIP_REQUEST_STATUSES),
    })
    .optional(),
  /** user_tip: who paid. */
  buyer: z.object({ name: z.string() }).optional(),
});
export type MessageMeta = z.infer<typeof messageMetaSchema>;

/**
 * The story a reply quotes, as the reader sees it: `thumb_url` only while the reader may see
 * the story's content; `available` false once the story is gone (or hidden from the reader).
 */
export const storyReplyQuoteSchema = z.object({
  id: z.number().int(),
  thumb_url: z.string().nullable(),
  available: z.boolean(),
});
export type StoryReplyQuote = z.infer<typeof storyReplyQuoteSchema>;

/**
 * Spec 3 "Message", as the viewer sees it: `own` and `is_read` are the viewer's, media URLs are
 * signed for the viewer. `is_read` of an own message says the other side read it (always false
 * in a channel: broadcasts have no read receipts); of another's, that the viewer read it.
 */
export const messageSchema = z.object({
  id: z.number().int(),
  chat_id: z.number().int(),
  /** The sender's own id for the message, echoed so a client matches its optimistic copy. */
  client_id: z.string().nullable(),
  type: z.enum(MESSAGE_TYPES),
  message: z.string(),
  /** ISO timestamp. */
  date: z.string(),
  own: z.boolean(),
  is_read: z.boolean(),
  /** The sender. */
  user_id: z.number().int(),
  story_id: z.number().int().nullable(),
  sender_name: z.string(),
  sender_slug: z.string(),
  profile_image: z.string().nullable(),
  audio_file_url: z.string().nullable(),
  /** Seconds, for audio. */
  audio_duration: z.number().nullable(),
  story: chatStorySchema.nullable(),
  meta: messageMetaSchema,
  /** A reply to a story (POST /api/stories/{id}/reply): the story it quotes. */
  reply_to_story: storyReplyQuoteSchema.nullable().optional(),
  /**
   * Deleted for everyone by its sender (DELETE /api/chats/{chat_id}/messages/{message_id}):
   * true, with the content gone (empty text, no media, story, tip or quote). Absent otherwise.
   */
  deleted: z.boolean().optional(),
});
export type Message = z.infer<typeof messageSchema>;

/** The other person of a direct chat, or a channel's owner, as the chat header shows them. */
export const chatPartySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  profileImage: z.string().nullable(),
  verified: z.boolean(),
  on_holiday_mood: z.boolean(),
  online: z.boolean(),
});
export type ChatParty = z.infer<typeof chatPartySchema>;

/** GET /api/chats and GET /api/channels: one row of the list. */
export const chatListItemSchema = z.object({
  chat_id: z.number().int(),
  isBroadcastingChannel: z.boolean(),
  isChatOwner: z.boolean(),
  /** The companion (direct) or the channel's owner. */
  companion: chatPartySchema,
  last_message: messageSchema.nullable(),
  unread_count: z.number().int(),
  /** ISO time of the last message, or of the chat's creation. */
  updated_at: z.string(),
});
export type ChatListItem = z.infer<typeof chatListItemSchema>;

/** GET /api/chats/load: chat_id, or user_id for the direct chat with that user. */
export const loadChatQuery = z.union([
  z.strictObject({ chat_id: intParam(1, ID_MAX) }),
  z.strictObject({ user_id: intParam(1, ID_MAX) }),
]);

/** Spec 3 "Chat state", plus what the header and history paging need. */
export const chatStateSchema = z.object({
  chat_id: z.number().int(),
  /** The companion's id (direct) or the channel owner's. */
  interlocutor_id: z.number().int(),
  /** The newest page, oldest first. */
  messages: z.array(messageSchema),
  /** Cursor for the page before `messages`, or null when that is the whole history. */
  older_cursor: z.string().nullable(),
  /** The companion (or channel owner) has stories to show. */
  storyExist: z.boolean(),
  userImg: z.string().nullable(),
  isBroadcastingChannel: z.boolean(),
  isChatOwner: z.boolean(),
  pinned_message: messageSchema.nullable(),
  companion: chatPartySchema,
  /** The creator description a channel owner sees in the header (their bio). */
  description: z.string(),
});
export type ChatState = z.infer<typeof chatStateSchema>;

export const chatIdParam = z.object({
  chat_id: z
    .string()
    .regex(/^[1-9][0-9]{0,9}$/, 'id_invalid')
    .transform(Number)
    .pipe(z.number().int().max(ID_MAX, 'id_invalid')),
});

/**
 * GET /api/chats/{chat_id}/messages: `before` pages back through history; `after` backfills
 * what a client missed (a reconnect), oldest first, with no gaps. Cursors are opaque.
 */
export const chatMessagesQuery = z.strictObject({
  before: z.string().max(40).optional(),
  after: z.string().max(40).optional(),
});
export const chatMessagesPage = z.object({
  messages: z.array(messageSchema),
  /** Continue in the same direction from here, or null when nothing more is there. */
  cursor: z.string().nullable(),
});
export type ChatMessagesPage = z.infer<typeof chatMessagesPage>;

/** A message id made by the sender's client, so a retried send never posts twice. */
export const clientId = z
  .string()
  .regex(new RegExp(`^[A-Za-z0-9_-]{1,${CLIENT_ID_MAX}}$`), 'client_id_format');

const messageText = multiLineText({ min: 1, max: MESSAGE_TEXT_MAX });

export const checkPermissionBody = z.strictObject({ user_id: rowId });

/**
 * The `err_msg` of a 400 `cannot_send_msg`: why the viewer may not send this message (the web
 * translates each; `cannot_send_msg` is the generic one).
 */
export const CANNOT_SEND_REASONS = [
  'cannot_send_msg',
  /** Messaging oneself. */
  'cannot_message_self',
  /** The viewer blocked the other person. */
  'user_blocked',
  /** The creator turned direct messages off. */
  'messages_turned_off',
  /** Only subscribers may message, and the creator sells no subscription now. */
  'subscribers_only',
  /** Channel viewers send text and tips only (spec 6). */
  'channel_owner_only',
  /** The owner does not tip in their own channel (spec 6). */
  'owner_cannot_tip',
  /** Tip requests are not posted into channels. */
  'not_in_channels',
] as const;
export type CannotSendReason = (typeof CANNOT_SEND_REASONS)[number];

/** The ways to open messages to a creator, offered with `should_pay_option`. */
export const PAID_OPTIONS = ['subscribe', 'direct_message'] as const;
export const paidOptionSchema = z.object({
  type: z.enum(PAID_OPTIONS),
  /** Monthly price (subscribe) or the one-off price (direct_message). */
  price: z.number(),
});
export type PaidOption = z.infer<typeof paidOptionSchema>;

export const sendMessageBody = z.strictObject({
  user_id: rowId,
  message: messageText,
  client_id: clientId,
});
export type SendMessageBody = z.input<typeof sendMessageBody>;

export const sendChannelMessageBody = z.strictObject({
  message: messageText,
  client_id: clientId,
});
export const channelMessageResponse = z.object({ data: messageSchema });

export const readMessagesBody = z.strictObject({ chat_id: rowId });

export const pinMessageBody = z.strictObject({ message_id: rowId });

/** DELETE /api/chats/{chat_id}/messages/{message_id}. */
export const chatMessageParams = chatIdParam.extend({
  message_id: z
    .string()
    .regex(/^[1-9][0-9]{0,9}$/, 'id_invalid')
    .transform(Number)
    .pipe(z.number().int().max(ID_MAX, 'id_invalid')),
});
export const pinnedMessageResponse = z.object({ pinned_message: messageSchema.nullable() });

/**
 * POST /api/messages/audio, multipart: file `audio`, then `receiverId` (direct) or `chatId`
 * (channel), `client_id` and `duration` (seconds, as the recorder measured) as fields.
 */
export const audioMessageFields = z.union([
  z.strictObject({
    receiverId: intParam(1, ID_MAX),
    client_id: clientId,
    duration: z.coerce.number().positive().max(3600).optional(),
  }),
  z.strictObject({
    chatId: intParam(1, ID_MAX),
    client_id: clientId,
    duration: z.coerce.number().positive().max(3600).optional(),
  }),
]);

/** POST /api/tips/channel: a tip to a channel's owner, shown in the channel. */
export const channelTipBody = z.strictObject({
  chat_id: rowId,
  amount: tipAmount,
  message: multiLineText({ max: TIP_MESSAGE_MAX }).optional().default(''),
});
export type ChannelTipBody = z.input<typeof channelTipBody>;

/** POST/DELETE /api/users/{id}/block. */
export const blockResponse = z.object({ blocked: z.boolean() });
/** GET /api/users/me/blocked. */
export const blockedUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  profileImage: z.string().nullable(),
  blocked_at: z.string(),
});
export type BlockedUser = z.infer<typeof blockedUserSchema>;
