import { fromCents, type CannotSendReason, type PaidOption } from '@glimpse/contract';
import type { ChatKind } from '../../../db/schema/index.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import type { ChatFact, MessageFact, PartyFact } from '../chat-facts.repository.ts';
import { chatFacts, messageFacts } from '../chat-facts.repository.ts';
import { definePermission, type Verdict, type Viewer } from '../permission.ts';
import { decideStreamWatch } from './stream.permissions.ts';

/** The kinds of chat message (db/schema/messaging.ts MESSAGE_KINDS). */
export type ChatMessageKind = 'text' | 'story' | 'user_tip' | 'creator_tip' | 'audio';

/**
 * Why a message may not go: `hidden` (the chat or the person is not the viewer's to see: 404),
 * `should_pay` (a subscription or a direct-message purchase would open it: 400
 * should_pay_option), or a reason the viewer may know (400 cannot_send_msg with it as err_msg).
 */
export type SendRefusal = 'hidden' | 'should_pay' | CannotSendReason;

/** Spec 6: the channel owner posts text, photos (stories) and audio; viewers text and tips. */
const CHANNEL_OWNER_KINDS: ReadonlySet<ChatMessageKind> = new Set(['text', 'story', 'audio']);
const CHANNEL_VIEWER_KINDS: ReadonlySet<ChatMessageKind> = new Set(['text', 'user_tip']);
const TIP_KINDS: ReadonlySet<ChatMessageKind> = new Set(['user_tip', 'creator_tip']);
/** A live stream's chat: the creator writes text; watchers write text and tip. */
const STREAM_OWNER_KINDS: ReadonlySet<ChatMessageKind> = new Set(['text']);

/** The party sells a subscription (verified, monthly price above 0). */
export const offersSubscription = (party: PartyFact) =>
  party.verified && (party.subscribePriceCents ?? 0) > 0;

/** The party charges for direct messages (verified, a price above 0, messages on). */
export const chargesForMessages = (party: PartyFact) =>
  party.verified && !party.turnedOff && (party.priceCents ?? 0) > 0;

/**
 * Whether the viewer may send `party` a direct message of `kind`, by the party's settings and
 * blocks (docs/decisions.md, "Messaging: chats and channels"):
 * - the party blocked the viewer: hidden (the blocker is hidden from the blocked);
 * - oneself, or the viewer blocked the party: refused with a reason;
 * - an account being deleted: hidden, like its profile;
 * - tips and tip requests pass the message settings (they pay or ask for money; the purchases
 *   rules decide them);
 * - turned off: refused; subscribers only: a subscriber, else pay by subscribing when offered;
 * - a creator who charges: a subscriber or a buyer, else pay.
 */
export function directMessageRefusal(
  party: PartyFact,
  viewer: Viewer,
  kind: ChatMessageKind = 'text',
): SendRefusal | null {
  if (viewer === null || party.blockedByParty) return 'hidden';
  if (party.id === viewer) return 'cannot_message_self';
  if (party.accountHidden) return 'hidden';
  if (party.viewerBlocked) return 'user_blocked';
  if (TIP_KINDS.has(kind)) return null;
  if (party.turnedOff) return 'messages_turned_off';
  if (party.subscribersOnly) {
    if (party.subscribed) return null;
    return offersSubscription(party) ? 'should_pay' : 'subscribers_only';
  }
  if (!chargesForMessages(party)) return null;
  return party.subscribed || party.purchased ? null : 'should_pay';
}

/**
 * Who may read a chat (load it, page it, mark it read, join its room):
 * - direct: its two members, unless the other member blocked the viewer (the blocker keeps
 *   the chat; the blocked no longer sees it);
 * - channel: its owner; anyone who follows the owner or holds an active subscription to them,
 *   unless the owner blocked them or is deleting the account (the channel goes with it);
 * - stream: who may watch its stream now (`stream.watch`: its creator; others while it is not
 *   ended, in its audience, not blocked, and paid for when priced).
 */
export function chatReadable(chat: ChatFact, viewer: Viewer): boolean {
  if (viewer === null) return false;
  if (chat.kind === 'direct') {
    return chat.memberIds!.includes(viewer) && !chat.party.blockedByParty;
  }
  if (chat.ownerId === viewer) return true;
  if (chat.kind === 'stream') {
    return chat.stream !== null && decideStreamWatch(chat.stream, viewer) === 'allow';
  }
  return (
    (chat.party.follows || chat.party.subscribed) &&
    !chat.party.blockedByParty &&
    !chat.party.accountHidden
  );
}

/**
 * Whether the viewer may post a message of `kind` into the chat: a reader of it, never to an
 * account being deleted, then for a direct chat the rules of `directMessageRefusal`, for a channel the roles of spec 6 (and not
 * to an owner the viewer blocked); a stream chat as a channel, but its creator writes text only.
 */
export function chatSendRefusal(
  chat: ChatFact,
  viewer: Viewer,
  kind: ChatMessageKind,
): SendRefusal | null {
  if (!chatReadable(chat, viewer)) return 'hidden';
  // A direct chat with an account being deleted stays readable (what was said is kept), but
  // nothing more goes to it.
  if (chat.party.accountHidden && chat.party.id !== viewer) return 'cannot_send_msg';
  if (chat.kind === 'direct') return directMessageRefusal(chat.party, viewer, kind);
  if (chat.ownerId === viewer) {
    const ownerKinds = chat.kind === 'stream' ? STREAM_OWNER_KINDS : CHANNEL_OWNER_KINDS;
    if (ownerKinds.has(kind)) return null;
    return kind === 'user_tip' ? 'owner_cannot_tip' : 'not_in_channels';
  }
  if (chat.party.viewerBlocked) return 'user_blocked';
  if (CHANNEL_VIEWER_KINDS.has(kind)) return null;
  return kind === 'creator_tip' ? 'not_in_channels' : 'channel_owner_only';
}

export function decideChatRead(chat: ChatFact, viewer: Viewer): Verdict {
  return chatReadable(chat, viewer) ? 'allow' : 'hidden';
}

/** Pinning is the channel owner's; a reader learns only that it is not theirs to do. */
export function decideChatPin(chat: ChatFact, viewer: Viewer): Verdict {
  if (chat.kind === 'channel' && chat.ownerId === viewer) return 'allow';
  return chatReadable(chat, viewer) ? 'forbidden' : 'hidden';
}

/**
 * Deleting a message for everyone is its sender's, in a chat the sender may still read; another
 * reader of the chat learns only that it is not theirs (what may be deleted: features/chats).
 */
export function decideMessageDelete(message: MessageFact, viewer: Viewer): Verdict {
  if (!chatReadable(message.chat, viewer)) return 'hidden';
  return message.senderId === viewer ? 'allow' : 'forbidden';
}

/** The payments that would open messages to the party (spec 8 `err_paid_options`). */
export function paidOptions(party: PartyFact): PaidOption[] {
  const options: PaidOption[] = [];
  if (offersSubscription(party))
    options.push({ type: 'subscribe', price: fromCents(party.subscribePriceCents!) });
  if (chargesForMessages(party) && !party.subscribersOnly)
    options.push({ type: 'direct_message', price: fromCents(party.priceCents!) });
  return options;
}

/**
 * The spec 8 error of a send refusal: `hidden` as the caller's not-found, `should_pay` as 400
 * `should_pay_option` with the paid options, any other reason as 400 `cannot_send_msg` with it
 * in `err_msg`.
 */
export function sendRefusalError(
  refusal: SendRefusal,
  party: PartyFact,
  hidden: () => AppError,
): AppError {
  if (refusal === 'hidden') return hidden();
  if (refusal === 'should_pay') {
    return new AppError('should_pay_option', { err_paid_options: paidOptions(party) });
  }
  return new AppError('cannot_send_msg', { err_msg: refusal });
}

/** The verdict of a send refusal: hidden stays hidden, any other reason forbids. */
export function sendVerdict(refusal: SendRefusal | null): Verdict {
  if (refusal === null) return 'allow';
  return refusal === 'hidden' ? 'hidden' : 'forbidden';
}

/** What `explainAccess` tells of a chat: enough to open it or route a message into it. */
export interface ChatSubject {
  id: number;
  kind: ChatKind;
  /** The channel's (or stream's) owner, or the direct chat's other member. */
  partyId: number;
  /** The viewer has a chat_members row (a channel reader who never opened it has none). */
  joined: boolean;
  /** The party is verified (may be paid: tips in a channel). */
  partyVerified: boolean;
}

const chatSubject = (chat: ChatFact): ChatSubject => ({
  id: chat.id,
  kind: chat.kind,
  partyId: chat.party.id,
  joined: chat.viewerRole !== null,
  partyVerified: chat.party.verified,
});

const notFound = () => new AppError('chat_not_found');

function chatPermission(decide: (chat: ChatFact, viewer: Viewer) => Verdict, forbidden = notFound) {
  return definePermission<number, ChatFact, ChatSubject>({
    load: chatFacts,
    idOf: (chat) => chat.id,
    decide,
    refusals: { hidden: notFound, forbidden },
    describe: chatSubject,
  });
}

/**
 * Post a message of `kind` into a chat (`chatSendRefusal`); `explainAccess` answers the spec 8
 * error of a refusal. `requireAccess` keeps its old, reasonless forbidden error.
 */
function chatSendPermission(kind: ChatMessageKind) {
  return definePermission<number, ChatFact, ChatSubject>({
    load: chatFacts,
    idOf: (chat) => chat.id,
    decide: (chat, viewer) => sendVerdict(chatSendRefusal(chat, viewer, kind)),
    refusals: {
      hidden: notFound,
      forbidden: () => new AppError('cannot_send_msg', { err_msg: 'cannot_send_msg' }),
    },
    explain: (chat, viewer) =>
      sendRefusalError(chatSendRefusal(chat, viewer, kind) ?? 'hidden', chat.party, notFound),
    describe: chatSubject,
  });
}

/** The `chat.send*` permission that judges a message of each kind. */
export const CHAT_SEND_PERMISSION = {
  text: 'chat.send',
  story: 'chat.send.story',
  audio: 'chat.send.audio',
  user_tip: 'chat.send.tip',
  creator_tip: 'chat.send.tip_request',
} as const satisfies Record<ChatMessageKind, string>;

export const chatPermissions = {
  /** Load a chat, page its history, mark it read, join its socket room. */
  'chat.read': chatPermission(decideChatRead),
  /**
   * Become a member (a channel viewer's chat_members row, so it is listed and has read
   * state): the same audience as `chat.read`.
   */
  'chat.join': chatPermission(decideChatRead),
  /**
   * Send a message of a kind into the chat (text; the others by CHAT_SEND_PERMISSION).
   * `explainAccess` answers why not; `assertMaySend` in features/chats throws it.
   */
  'chat.send': chatSendPermission('text'),
  'chat.send.story': chatSendPermission('story'),
  'chat.send.audio': chatSendPermission('audio'),
  'chat.send.tip': chatSendPermission('user_tip'),
  'chat.send.tip_request': chatSendPermission('creator_tip'),
  /** Pin or unpin a message: the channel owner. */
  'chat.pin': chatPermission(decideChatPin, () => new AppError('forbidden')),
  /** Delete a message for everyone (by message id): its sender. */
  'chat.message.delete': definePermission<number, MessageFact>({
    load: messageFacts,
    idOf: (message) => message.id,
    decide: decideMessageDelete,
    refusals: {
      hidden: () => new AppError('message_not_found'),
      forbidden: () => new AppError('forbidden'),
    },
  }),
};
