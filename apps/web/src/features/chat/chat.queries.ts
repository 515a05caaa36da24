import type { ChatListItem, ChatState, Message } from '@glimpse/contract';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { call, isApiError } from '../../lib/api.ts';
import { asDeleted } from './timeline.ts';

/** The chat to open: the direct chat with a user (user.own.chat) or a chat by id (a channel). */
export type ChatTarget = { user_id: number } | { chat_id: number };
/** GET /api/chats (direct chats) or GET /api/channels. */
export type ChatListKind = 'direct' | 'channel';

export const chatKeys = {
  all: ['chats'] as const,
  list: (kind: ChatListKind) => [...chatKeys.all, 'list', kind] as const,
  state: (target: ChatTarget) => [...chatKeys.all, 'state', target] as const,
  companion: (userId: number) => [...chatKeys.all, 'companion', userId] as const,
  creatorOffer: (slug: string) => [...chatKeys.all, 'creator-offer', slug] as const,
};

/**
 * The chat state of spec 3 with its newest page. Loaded fresh on every opening (never from an
 * earlier visit's cache): the open chat keeps its own timeline from this page on, and a stale
 * first page could leave a gap that no backfill after the newest message would fill.
 */
export function useChatState(target: ChatTarget) {
  return useQuery({
    queryKey: chatKeys.state(target),
    queryFn: ({ signal }) => call('loadChat', { query: target }, { signal }),
    staleTime: Infinity,
    gcTime: 0,
  });
}

/**
 * The companion of a direct chat (spec 3 "Companion"), for what the chat state does not carry:
 * whether they turned messages off.
 */
export function useCompanion(userId: number | undefined) {
  return useQuery({
    queryKey: chatKeys.companion(userId ?? 0),
    queryFn: ({ signal }) => call('companion', { params: { id: userId! } }, { signal }),
    enabled: userId !== undefined,
  });
}

/** The creator's subscription offer (benefits and bundles), for the subscribe dialog. */
export function useCreatorOffer(slug: string, enabled: boolean) {
  return useQuery({
    queryKey: chatKeys.creatorOffer(slug),
    queryFn: ({ signal }) => call('profileBySlug', { params: { slug } }, { signal }),
    enabled,
  });
}

/** Keeps the open chat's state (its pinned message) current after a pin, an unpin or an event. */
export function useChatStatePatch(target: ChatTarget) {
  const queryClient = useQueryClient();
  return (patch: Partial<ChatState>) =>
    queryClient.setQueryData<ChatState>(chatKeys.state(target), (state) =>
      state ? { ...state, ...patch } : state,
    );
}

/** After the viewer read a chat, its row in the lists shows no unread count. */
export function clearUnreadInLists(queryClient: QueryClient, chatId: number): void {
  for (const kind of ['direct', 'channel'] as const) {
    queryClient.setQueryData<ChatListItem[]>(chatKeys.list(kind), (items) =>
      items?.map((item) => (item.chat_id === chatId ? { ...item, unread_count: 0 } : item)),
    );
  }
}

/** A message deleted for everyone: a list row whose last message it is shows it deleted. */
export function markDeletedInLists(queryClient: QueryClient, chatId: number, messageId: number) {
  for (const kind of ['direct', 'channel'] as const) {
    queryClient.setQueryData<ChatListItem[]>(chatKeys.list(kind), (items) =>
      items?.map((item) =>
        item.chat_id === chatId && item.last_message?.id === messageId
          ? { ...item, last_message: asDeleted(item.last_message) }
          : item,
      ),
    );
  }
}

/** One page of history before `cursor`. */
export function fetchOlderMessages(chatId: number, cursor: string) {
  return call('chatMessages', { params: { chat_id: chatId }, query: { before: cursor } });
}

/**
 * What came after `cursor`. The first call of a backfill passes the newest message's id as the
 * cursor (docs/decisions.md, "Messaging: web"); later ones the cursor the server answered.
 */
export function fetchNewerMessages(chatId: number, cursor: string | undefined) {
  return call('chatMessages', {
    params: { chat_id: chatId },
    query: cursor === undefined ? {} : { after: cursor },
  });
}

/** Sends a text message: to the companion in a direct chat, to the channel otherwise. */
export async function postTextMessage(
  chat: Pick<ChatState, 'chat_id' | 'isBroadcastingChannel' | 'interlocutor_id'>,
  text: string,
  clientId: string,
): Promise<Message> {
  if (chat.isBroadcastingChannel) {
    const answer = await call('sendChannelMessage', {
      params: { chat_id: chat.chat_id },
      body: { message: text, client_id: clientId },
    });
    return answer.data;
  }
  return call('sendMessage', {
    body: { user_id: chat.interlocutor_id, message: text, client_id: clientId },
  });
}

/** The lookup that decides the 404 of spec 8. */
export function isUserNotFound(error: unknown): boolean {
  return isApiError(error, 'user_not_found');
}
