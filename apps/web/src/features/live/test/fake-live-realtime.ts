import type { StreamWatchAck } from '@glimpse/contract';
import { fakeServer } from '../../chat/test/fake-realtime.ts';

/**
 * The chat feature's fake socket (features/chat/test/fake-realtime.ts) plus the stream rooms.
 * Mock lib/realtime.ts with the chat fake and lib/realtime-rooms.ts with this module.
 */
export * from '../../chat/test/fake-realtime.ts';

export const fakeStreams = {
  /** `stream.watch` / `stream.leave` the screen sent, in order. */
  sent: [] as { event: 'stream.watch' | 'stream.leave'; stream_id: number }[],
  watchAnswer: { ok: true, viewers: 1 } as StreamWatchAck,
  reset(): void {
    this.sent = [];
    this.watchAnswer = { ok: true, viewers: 1 };
    fakeServer.reset();
  },
};

export async function watchStream(streamId: number): Promise<StreamWatchAck> {
  fakeStreams.sent.push({ event: 'stream.watch', stream_id: streamId });
  return fakeStreams.watchAnswer;
}

export function leaveStream(streamId: number): void {
  fakeStreams.sent.push({ event: 'stream.leave', stream_id: streamId });
}
