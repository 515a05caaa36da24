import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { call } from '../../lib/api.ts';
import { clearUnreadInLists } from './chat.queries.ts';

interface ReadMarkerOptions {
  chatId: number;
  /** The list is scrolled to its last message. */
  atEnd: boolean;
  /** The newest unread message of someone else, or null when nothing is unread. */
  unreadId: number | null;
  /** Marks the timeline's messages up to this id as read. */
  onRead: (lastReadId: number) => void;
}

/**
 * Spec 4: scrolling to the last message marks the chat read, and only when something is unread
 * (POST /api/messages/read). One request at a time; a message arriving meanwhile is marked by
 * the next round, which runs once the first has answered.
 */
export function useReadMarker({ chatId, atEnd, unreadId, onRead }: ReadMarkerOptions): void {
  const queryClient = useQueryClient();
  const busy = useRef(false);
  const [round, setRound] = useState(0);
  useEffect(() => {
    if (!atEnd || unreadId === null || busy.current) return;
    busy.current = true;
    call('readMessages', { body: { chat_id: chatId } })
      .then(() => {
        onRead(unreadId);
        clearUnreadInLists(queryClient, chatId);
      })
      .catch(() => undefined)
      .finally(() => {
        busy.current = false;
        setRound((value) => value + 1);
      });
  }, [atEnd, unreadId, chatId, round, onRead, queryClient]);
}
