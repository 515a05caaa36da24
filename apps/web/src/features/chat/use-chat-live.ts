import type { Message } from '@glimpse/contract';
import { useEffect } from 'react';
import { useRealtimeEvent } from '../../lib/realtime.ts';
import { joinChatRoom, leaveChatRoom, useRealtimeConnection } from '../../lib/realtime-rooms.ts';
import { useChatRemovals } from './use-chat-removals.ts';
import type { ChatTimelineControls } from './use-chat-timeline.ts';

interface ChatLiveOptions {
  chatId: number;
  meId: number;
  timeline: ChatTimelineControls;
  onPinned: (message: Message) => void;
  onUnpinned: () => void;
  onTyping: (userId: number) => void;
  onMessageFrom: (userId: number) => void;
}

/**
 * The open chat's realtime side. It joins `chat:{id}` on opening and after every reconnect (a
 * new socket has no rooms) and leaves on closing; after each join it backfills from the newest
 * message it has, which closes both the gap between loading the chat and joining its room and
 * whatever a dropped connection missed, read marks included. Events of other chats are not this
 * screen's.
 */
export function useChatLive({
  chatId,
  meId,
  timeline,
  onPinned,
  onUnpinned,
  onTyping,
  onMessageFrom,
}: ChatLiveOptions): void {
  useRealtimeConnection(() => {
    void joinChatRoom(chatId).then((ack) => {
      if (ack?.ok) void timeline.backfill().then(timeline.resyncReads);
    });
  });
  useEffect(() => () => leaveChatRoom(chatId), [chatId]);

  useRealtimeEvent('message.created', (event) => {
    if (event.chat_id !== chatId) return;
    onMessageFrom(event.sender_id);
    // The event's copy is viewer-neutral: whose it is follows from the sender.
    if (event.message) timeline.merge([{ ...event.message, own: event.message.user_id === meId }]);
    else void timeline.backfill();
  });

  useRealtimeEvent('message.read', (event) => {
    if (event.chat_id !== chatId) return;
    if (event.user_id === meId) timeline.markOthersRead(event.last_read_id);
    else timeline.markOwnRead(event.last_read_id);
  });

  useRealtimeEvent('message.deleted', (event) => {
    if (event.chat_id === chatId) timeline.markDeleted([event.message_id]);
  });

  useChatRemovals(chatId, timeline);

  useRealtimeEvent('chat.pinned', (event) => {
    if (event.chat_id !== chatId) return;
    onPinned({ ...event.pinned_message, own: event.pinned_message.user_id === meId });
  });
  useRealtimeEvent('chat.unpinned', (event) => {
    if (event.chat_id === chatId) onUnpinned();
  });

  useRealtimeEvent('typing', (event) => {
    if (event.chat_id === chatId && event.user_id !== meId) onTyping(event.user_id);
  });
}
