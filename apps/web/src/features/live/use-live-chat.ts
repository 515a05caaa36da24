import type { Message } from '@glimpse/contract';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { call } from '../../lib/api.ts';
import { useRealtimeEvent } from '../../lib/realtime.ts';
import { joinChatRoom, leaveChatRoom, useRealtimeConnection } from '../../lib/realtime-rooms.ts';
import { newIdempotencyKey } from '../money/index.ts';

/** A live chat moves fast and nobody scrolls back far: keep the newest this many. */
const KEEP_MESSAGES = 200;

/** Adds messages by id (an event and a backfill may bring the same one), oldest first. */
function mergeMessages(current: Message[], incoming: Message[]): Message[] {
  const byId = new Map(current.map((message) => [message.id, message]));
  for (const message of incoming) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.id - b.id).slice(-KEEP_MESSAGES);
}

/**
 * The stream's chat (a chats row of kind 'stream'): its newest page from GET /api/chats/load,
 * kept live by `chat:{id}` (joined on every connect, then a backfill from the newest message
 * held, which closes any gap) and grown by what the viewer sends. No history paging, no read
 * marks: a live chat is read as it happens.
 */
export function useLiveChat(chatId: number, meId: number) {
  const state = useQuery({
    queryKey: ['live', 'chat', chatId],
    queryFn: ({ signal }) => call('loadChat', { query: { chat_id: chatId } }, { signal }),
    staleTime: Infinity,
    gcTime: 0,
  });
  const [messages, setMessages] = useState<Message[]>([]);
  const newestId = useRef<number | undefined>(undefined);

  const merge = useCallback(
    (incoming: Message[]) => {
      const own = incoming.map((message) => ({ ...message, own: message.user_id === meId }));
      setMessages((current) => {
        const next = mergeMessages(current, own);
        newestId.current = next.at(-1)?.id;
        return next;
      });
    },
    [meId],
  );

  useEffect(() => {
    if (state.data) merge(state.data.messages);
  }, [state.data, merge]);

  const backfill = useCallback(async () => {
    let cursor = newestId.current === undefined ? undefined : String(newestId.current);
    // A few pages at most: a viewer back from a long drop needs the end, not everything.
    for (let page = 0; page < 3; page += 1) {
      const answer = await call('chatMessages', {
        params: { chat_id: chatId },
        query: cursor === undefined ? {} : { after: cursor },
      }).catch(() => null);
      if (!answer) return;
      merge(answer.messages);
      if (!answer.cursor || answer.messages.length === 0) return;
      cursor = answer.cursor;
    }
  }, [chatId, merge]);

  const loaded = state.isSuccess;
  useRealtimeConnection(() => {
    void joinChatRoom(chatId).then((ack) => {
      if (ack?.ok) void backfill();
    });
  }, loaded);
  useEffect(() => (loaded ? () => leaveChatRoom(chatId) : undefined), [chatId, loaded]);

  useRealtimeEvent(
    'message.created',
    (event) => {
      if (event.chat_id !== chatId) return;
      if (event.message) merge([event.message]);
      else void backfill();
    },
    loaded,
  );

  async function send(text: string): Promise<void> {
    const answer = await call('sendChannelMessage', {
      params: { chat_id: chatId },
      body: { message: text, client_id: newIdempotencyKey() },
    });
    merge([answer.data]);
  }

  return { state, messages, send };
}
