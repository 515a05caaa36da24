import type { ChatListItem } from '@glimpse/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api.ts';
import { useRealtimeEvent } from '../../lib/realtime.ts';
import { chatKeys, type ChatListKind } from '../chat/index.ts';

/** The own channel first (the server lists it first too; this keeps it so whatever the order). */
function ownChannelFirst(items: ChatListItem[]): ChatListItem[] {
  return [...items].sort((a, b) => Number(b.isChatOwner) - Number(a.isChatOwner));
}

/**
 * GET /api/chats or GET /api/channels, asked again whenever the window regains focus; the direct list
 * also whenever a message or a read receipt of one of the viewer's chats arrives (both reach the
 * viewer's `user:{id}` room). Channel messages go only to the channel's room, which a list does
 * not join; the channel open beside it on a desktop has joined it, though, so a message of a
 * listed channel that does arrive refreshes the channel list (its last message and time).
 */
export function useChatList(kind: ChatListKind) {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: chatKeys.list(kind) });
  const refreshIfListed = ({ chat_id }: { chat_id: number }) => {
    const listed = queryClient.getQueryData<ChatListItem[]>(chatKeys.list(kind));
    if (listed?.some((item) => item.chat_id === chat_id)) refresh();
  };
  useRealtimeEvent('message.created', kind === 'direct' ? refresh : refreshIfListed);
  // A deleted last message shows as deleted in its row.
  useRealtimeEvent('message.deleted', kind === 'direct' ? refresh : refreshIfListed);
  useRealtimeEvent('message.read', refresh, kind === 'direct');
  // A message taken down by a moderator (issue 29) shows as removed in its row, like a deleted one.
  useRealtimeEvent('content.removed', (event) => {
    if (event.kind === 'message' && event.chat_id !== undefined)
      refreshIfListed({ chat_id: event.chat_id });
  });
  return useQuery({
    queryKey: chatKeys.list(kind),
    queryFn: async ({ signal }) =>
      kind === 'direct'
        ? call('chats', undefined, { signal })
        : ownChannelFirst(await call('channels', undefined, { signal })),
    // Even when fresh: while the tab was in the background its socket may have slept.
    refetchOnWindowFocus: 'always',
  });
}
