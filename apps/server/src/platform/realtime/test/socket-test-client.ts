import { io, type Socket } from 'socket.io-client';

/** Tests only: a socket.io client as a browser on `origin` would open it, with no retries. */
export function openSocket(
  url: string,
  headers: { cookie?: string; origin?: string; forwardedFor?: string },
): Socket {
  const extraHeaders: Record<string, string> = {};
  if (headers.cookie) extraHeaders.cookie = headers.cookie;
  if (headers.origin) extraHeaders.origin = headers.origin;
  if (headers.forwardedFor) extraHeaders['x-forwarded-for'] = headers.forwardedFor;
  return io(url, {
    transports: ['websocket'],
    extraHeaders,
    reconnection: false,
    forceNew: true,
    timeout: 5_000,
  });
}

/** Resolves once connected; rejects with the server's refusal. */
export function connected(socket: Socket): Promise<void> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
}

/** Resolves with the refusal; rejects if the socket connects after all. */
export function refused(socket: Socket): Promise<Error> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => reject(new Error('the socket connected')));
    socket.once('connect_error', resolve);
  });
}

/** Every payload of `event` the socket receives, in order. */
export function collect(socket: Socket, event: string): unknown[] {
  const received: unknown[] = [];
  socket.on(event, (payload: unknown) => received.push(payload));
  return received;
}

/** Resolves once `received` holds `count` items. */
export async function waitForCount(
  received: unknown[],
  count: number,
  timeoutMs = 5_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (received.length < count) {
    if (Date.now() > deadline)
      throw new Error(`expected ${count} events, got ${JSON.stringify(received)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
