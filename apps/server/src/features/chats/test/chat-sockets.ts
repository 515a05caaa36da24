import type { Socket } from 'socket.io-client';
import type { ChatJoinAck } from '@glimpse/contract';
import { TEST_ORIGIN } from '../../../test/harness.ts';
import { connected, openSocket } from '../../../platform/realtime/test/socket-test-client.ts';
import type { Person } from './chat-fixtures.ts';

/** Tests only: sockets of signed-in people, closed after each test by `closeSockets`. */

const open: Socket[] = [];

export async function socketOf(url: string, person: Person): Promise<Socket> {
  const socket = openSocket(url, {
    cookie: `glimpse_session=${person.client.cookie}`,
    origin: TEST_ORIGIN,
  });
  open.push(socket);
  await connected(socket);
  return socket;
}

export function closeSockets(): void {
  for (const socket of open.splice(0)) socket.disconnect();
}

/** `chat.join` and its acknowledgement. */
export function joinChat(socket: Socket, chatId: number): Promise<ChatJoinAck> {
  return socket
    .timeout(5_000)
    .emitWithAck('chat.join', { chat_id: chatId }) as Promise<ChatJoinAck>;
}

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
