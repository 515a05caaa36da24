import {
  MESSAGES_PAGE_SIZE,
  messageCursor,
  messageIdOfCursor,
  type ChatListItem,
  type ChatMessagesPage,
  type ChatState,
} from '@glimpse/contract';
import type { AppContext } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/transaction.ts';
import { AppError, fieldError } from '../../platform/errors/app-error.ts';
import { checkAccess, explainAccess, requireAccess, type ChatSubject } from '../access/index.ts';
import { storyPresence } from '../users/index.ts';
import { directChatBetween } from './chat-core.service.ts';
import { messagesForViewer } from './chat-messages.service.ts';
import * as repo from './chats.repository.ts';
import type { ListedChatRow } from './chats.repository.ts';
import { presentListItem, presentParty } from './chats.presenter.ts';

/** List rows the viewer may still read, with companions and last messages (fixed queries). */
async function presentList(
  ctx: AppContext,
  viewerId: number,
  rows: ListedChatRow[],
): Promise<ChatListItem[]> {
  const readable = await checkAccess(
    ctx,
    viewerId,
    'chat.read',
    rows.map((row) => row.chatId),
  );
  const visible = rows.filter((row) => readable.has(row.chatId));
  const lastIds = visible.flatMap((row) => (row.lastMessageId === null ? [] : [row.lastMessageId]));
  const [parties, lastMessages] = await Promise.all([
    repo.partyRows(
      ctx.db,
      visible.map((row) => row.partyId),
    ),
    messagesForViewer(ctx, viewerId, lastIds),
  ]);
  const byId = new Map(lastMessages.map((message) => [message.id, message]));
  const now = Date.now();
  return visible.flatMap((row) => {
    const party = parties.get(row.partyId);
    if (!party) return [];
    const companion = presentParty(party, viewerId, ctx.mediaSigner, now);
    const last = row.lastMessageId === null ? undefined : byId.get(row.lastMessageId);
    return [presentListItem(row, companion, last, viewerId)];
  });
}

/** GET /api/chats: direct chats with at least one message, newest first. */
export async function listChats(ctx: AppContext, viewerId: number): Promise<ChatListItem[]> {
  return presentList(ctx, viewerId, await repo.listMemberChats(ctx.db, viewerId, 'direct'));
}

/**
 * GET /api/channels: the viewer's own channel first (always), then the channels they joined and
 * may still read (following or subscribed, not blocked), newest first.
 */
export async function listChannels(ctx: AppContext, viewerId: number): Promise<ChatListItem[]> {
  const rows = await repo.listMemberChats(ctx.db, viewerId, 'channel');
  const own = rows.filter((row) => row.partyId === viewerId);
  const joined = rows.filter((row) => row.partyId !== viewerId);
  return presentList(ctx, viewerId, [...own, ...joined]);
}

/**
 * The chat the viewer may read, by id (`chat.read`), joined first when it is a channel they
 * never opened (so it is listed and has read state): 404 `chat_not_found` otherwise.
 */
export async function openChat(
  ctx: AppContext,
  viewerId: number,
  chatId: number,
): Promise<ChatSubject> {
  const decision = await explainAccess(ctx, viewerId, 'chat.read', chatId);
  if (decision.error) throw decision.error;
  const chat = decision.subject!;
  if (chat.kind === 'channel' && !chat.joined) {
    await requireAccess(ctx, viewerId, 'chat.join', [chatId]);
    await repo.joinChat(ctx.db, chatId, viewerId);
  }
  return chat;
}

/** The chat the viewer opens, by id (joining a channel they may read) or by companion. */
async function resolveChat(
  ctx: AppContext,
  viewerId: number,
  query: { chat_id: number } | { user_id: number },
): Promise<ChatSubject> {
  if ('chat_id' in query) return openChat(ctx, viewerId, query.chat_id);
  // There is no chat with oneself; a companion the viewer may not see is not found.
  if (query.user_id === viewerId) throw new AppError('chat_not_found');
  const decision = await explainAccess(ctx, viewerId, 'dm.open', query.user_id);
  if (decision.error) throw decision.error;
  const party = decision.subject!;
  const chatId =
    party.directChatId ??
    (await inTransaction(ctx.db, (tx) => directChatBetween(tx, viewerId, party.userId)));
  return openChat(ctx, viewerId, chatId);
}

/**
 * GET /api/chats/load: the chat state of spec 3 with the newest page of messages (oldest
 * first), the pinned message and the header's companion.
 */
export async function loadChat(
  ctx: AppContext,
  viewerId: number,
  query: { chat_id: number } | { user_id: number },
): Promise<ChatState> {
  const chat = await resolveChat(ctx, viewerId, query);
  const partyId = chat.partyId;
  const [state, newest, parties, stories] = await Promise.all([
    repo.chatState(ctx.db, chat.id),
    repo.messageIdsBefore(ctx.db, chat.id, null, MESSAGES_PAGE_SIZE + 1),
    repo.partyRows(ctx.db, [partyId]),
    storyPresence(ctx, viewerId, partyId),
  ]);
  const page = newest.slice(0, MESSAGES_PAGE_SIZE).reverse();
  const pinnedId = state?.pinnedMessageId ?? null;
  const shown = await messagesForViewer(
    ctx,
    viewerId,
    pinnedId === null ? page : [...page, pinnedId],
  );
  const byId = new Map(shown.map((message) => [message.id, message]));
  const party = parties.get(partyId)!;
  const companion = presentParty(party, viewerId, ctx.mediaSigner);
  // A live stream's chat reads and sends like a channel (features/live).
  const isChannel = chat.kind !== 'direct';
  return {
    chat_id: chat.id,
    interlocutor_id: partyId,
    messages: page.flatMap((id) => byId.get(id) ?? []),
    older_cursor: newest.length > MESSAGES_PAGE_SIZE ? messageCursor(page[0]!) : null,
    storyExist: stories.hasStories,
    userImg: companion.profileImage,
    isBroadcastingChannel: isChannel,
    isChatOwner: isChannel && partyId === viewerId,
    pinned_message: pinnedId === null ? null : (byId.get(pinnedId) ?? null),
    companion,
    description: isChannel ? party.bio : '',
  };
}

function cursorId(cursor: string, field: 'before' | 'after'): number {
  const id = messageIdOfCursor(cursor);
  if (id === undefined) throw fieldError(field, 'cursor_invalid');
  return id;
}

/**
 * GET /api/chats/{chat_id}/messages: `before` pages back (the page oldest first, the cursor
 * continues further back); `after` backfills forward from a message the client has, in order
 * with no gaps (the cursor continues forward while more is there). Neither: the newest page.
 */
export async function chatMessages(
  ctx: AppContext,
  viewerId: number,
  chatId: number,
  query: { before?: string | undefined; after?: string | undefined },
): Promise<ChatMessagesPage> {
  await requireAccess(ctx, viewerId, 'chat.read', [chatId]);
  if (query.before !== undefined && query.after !== undefined) {
    throw fieldError('after', 'cursor_one_direction');
  }
  if (query.after !== undefined) {
    const ids = await repo.messageIdsAfter(
      ctx.db,
      chatId,
      cursorId(query.after, 'after'),
      MESSAGES_PAGE_SIZE + 1,
    );
    const page = ids.slice(0, MESSAGES_PAGE_SIZE);
    return {
      messages: await messagesForViewer(ctx, viewerId, page),
      cursor: ids.length > MESSAGES_PAGE_SIZE ? messageCursor(page[page.length - 1]!) : null,
    };
  }
  const before = query.before === undefined ? null : cursorId(query.before, 'before');
  const ids = await repo.messageIdsBefore(ctx.db, chatId, before, MESSAGES_PAGE_SIZE + 1);
  const page = ids.slice(0, MESSAGES_PAGE_SIZE).reverse();
  return {
    messages: await messagesForViewer(ctx, viewerId, page),
    cursor: ids.length > MESSAGES_PAGE_SIZE ? messageCursor(page[0]!) : null,
  };
}
