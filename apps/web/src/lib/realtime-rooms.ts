import type { ChatJoinAck, StreamWatchAck } from '@glimpse/contract';
import { useEffect, useEffectEvent } from 'react';
import { realtimeSocket, type RealtimeSocket } from './realtime.ts';

/*
 * The chat's side of the socket: rooms joined on request and the typing whisper. Apart from
 * realtime.ts, which the first page loads (the shell listens for events), so that only the chat
 * screens' chunks carry this.
 */

/**
 * Calls `handler` each time the socket (re)connects while the component is mounted, and at once
 * when it is connected already. A reconnect is a new socket on the server: rooms joined on
 * request (`chat:{id}`) are gone and events sent meanwhile were missed, so this is where a
 * screen joins again and fetches what it missed.
 */
export function useRealtimeConnection(handler: () => void, enabled = true): void {
  const handleConnect = useEffectEvent(() => handler());
  useEffect(() => {
    const connection = enabled ? realtimeSocket() : undefined;
    if (!connection) return;
    const listener = () => handleConnect();
    let socket: RealtimeSocket | undefined;
    let unmounted = false;
    void connection.then((connected) => {
      if (unmounted) return;
      socket = connected;
      socket.on('connect', listener);
      if (socket.connected) listener();
    });
    return () => {
      unmounted = true;
      socket?.off('connect', listener);
    };
  }, [enabled]);
}

/** How long a request over the socket waits for its acknowledgement. */
const ACK_TIMEOUT_MS = 10_000;

/**
 * The chat rooms the server has acknowledged, with the connection each was joined on: a
 * reconnect is a new connection (a new id) without them, until the screen joins again.
 */
const joinedChats = new Map<number, { socket: RealtimeSocket; connectionId: string }>();

/**
 * Asks to join `chat:{id}`; resolves with the server's acknowledgement, or `undefined` without
 * a socket or when no answer came in time (the next reconnect asks again).
 */
export async function joinChatRoom(chatId: number): Promise<ChatJoinAck | undefined> {
  const socket = await realtimeSocket();
  if (!socket) return undefined;
  const connectionId = socket.id;
  let ack: ChatJoinAck;
  try {
    ack = await socket.timeout(ACK_TIMEOUT_MS).emitWithAck('chat.join', { chat_id: chatId });
  } catch {
    return undefined;
  }
  if (ack.ok && connectionId) joinedChats.set(chatId, { socket, connectionId });
  else joinedChats.delete(chatId);
  return ack;
}

/** Leaves `chat:{id}`; dropped when disconnected (the server forgot the room with the socket). */
export function leaveChatRoom(chatId: number): void {
  joinedChats.delete(chatId);
  void realtimeSocket()?.then((socket) => socket.volatile.emit('chat.leave', { chat_id: chatId }));
}

/**
 * Watches a stream: joins `stream:{id}` (its `stream.viewers`) and counts as a viewer. Resolves
 * with the acknowledgement (the current viewer count), or `undefined` without a socket or an
 * answer in time. Asked again after every reconnect: the room went with the old socket.
 */
export async function watchStream(streamId: number): Promise<StreamWatchAck | undefined> {
  const socket = await realtimeSocket();
  if (!socket) return undefined;
  try {
    return await socket
      .timeout(ACK_TIMEOUT_MS)
      .emitWithAck('stream.watch', { stream_id: streamId });
  } catch {
    return undefined;
  }
}

/** Stops watching: no longer counted, no more `stream.viewers`. */
export function leaveStream(streamId: number): void {
  void realtimeSocket()?.then((socket) =>
    socket.volatile.emit('stream.leave', { stream_id: streamId }),
  );
}

/**
 * The typing whisper, volatile (one from a moment without a connection is never sent late).
 * Sent only while the chat's room is joined on the live connection, as the server relays
 * nothing else; false when it was not sent, so that the caller's throttle does not count it.
 */
export function sendTypingWhisper(chatId: number): boolean {
  const joined = joinedChats.get(chatId);
  if (!joined?.socket.connected || joined.socket.id !== joined.connectionId) return false;
  joined.socket.volatile.emit('typing', { chat_id: chatId });
  return true;
}
