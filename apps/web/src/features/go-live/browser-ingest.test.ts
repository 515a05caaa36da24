import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BrowserIngest, recorderMimeType, type IngestState } from './browser-ingest.ts';
import { FakeVideoRecorder, FakeWebSocket, installFakeIngest } from './test/fake-ingest.ts';

const URL = 'wss://glimpse.test/api/streams/5/ingest';

function startIngest(grace = 20) {
  const states: IngestState[] = [];
  const media = {} as MediaStream;
  const ingest = new BrowserIngest(
    URL,
    media,
    'video/webm;codecs=vp8,opus',
    (state) => states.push(state),
    grace,
  );
  ingest.start();
  return { ingest, states, last: () => states.at(-1)! };
}

beforeEach(() => {
  installFakeIngest();
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

describe('BrowserIngest', () => {
  it('picks H.264 in WebM where supported, else VP8', () => {
    expect(recorderMimeType()).toBe('video/webm;codecs=vp8,opus');
    FakeVideoRecorder.supportedTypes = ['video/webm;codecs=h264,opus', 'video/webm'];
    expect(recorderMimeType()).toBe('video/webm;codecs=h264,opus');
    FakeVideoRecorder.supportedTypes = ['video/webm;codecs=vp8,opus', 'video/webm'];
  });

  it('sends 100 ms recorder chunks as binary messages once the socket is open', () => {
    const { last } = startIngest();
    const socket = FakeWebSocket.latest();
    expect(socket.url).toBe(URL);
    expect(socket.binaryType).toBe('arraybuffer');
    expect(last().status).toBe('connecting');
    expect(FakeVideoRecorder.instances).toHaveLength(0);
    socket.serverOpen();
    expect(last().status).toBe('live');
    const recorder = FakeVideoRecorder.instances[0]!;
    expect(recorder.timeslice).toBe(100);
    const chunk = recorder.chunk('webm bytes');
    expect(socket.sent).toEqual([chunk]);
  });

  it('reconnects with a new recorder after a drop, counting the grace down', () => {
    const { last } = startIngest();
    FakeWebSocket.latest().serverOpen();
    FakeWebSocket.latest().serverClose(1006);
    expect(last()).toEqual({ status: 'reconnecting', secondsLeft: 20 });
    expect(FakeVideoRecorder.instances[0]!.state).toBe('inactive');
    vi.advanceTimersByTime(500);
    expect(FakeWebSocket.instances).toHaveLength(2);
    // That attempt fails too: the next waits longer, and the countdown goes on.
    FakeWebSocket.latest().serverClose(1006);
    vi.advanceTimersByTime(999);
    expect(FakeWebSocket.instances).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeWebSocket.instances).toHaveLength(3);
    expect(last()).toEqual({ status: 'reconnecting', secondsLeft: 19 });
    FakeWebSocket.latest().serverOpen();
    expect(last().status).toBe('live');
    // A new connection is a new WebM stream: a new recorder, whose first chunk has the header.
    expect(FakeVideoRecorder.instances).toHaveLength(2);
    const chunk = FakeVideoRecorder.instances[1]!.chunk('header and first frames');
    expect(FakeWebSocket.latest().sent).toEqual([chunk]);
  });

  it('drops the connection when the recorder fails, and goes on with a new one and a new recorder', () => {
    const { last } = startIngest();
    FakeWebSocket.latest().serverOpen();
    FakeVideoRecorder.instances[0]!.fail();
    expect(FakeWebSocket.instances[0]!.closedWith).toEqual({
      code: 4000,
      reason: 'recorder_failed',
    });
    expect(last()).toEqual({ status: 'reconnecting', secondsLeft: 20 });
    // A recorder that cannot even start (the camera's tracks ended) is the same drop.
    FakeVideoRecorder.failNextStart = true;
    vi.advanceTimersByTime(500);
    FakeWebSocket.latest().serverOpen();
    expect(FakeWebSocket.instances[1]!.closedWith?.code).toBe(4000);
    expect(last().status).toBe('reconnecting');
    vi.advanceTimersByTime(1_000);
    FakeWebSocket.latest().serverOpen();
    expect(last().status).toBe('live');
    const chunk = FakeVideoRecorder.instances.at(-1)!.chunk('a fresh WebM stream');
    expect(FakeWebSocket.latest().sent).toEqual([chunk]);
  });

  it('ends when the grace runs out without a connection', () => {
    const { last } = startIngest(3);
    FakeWebSocket.latest().serverOpen();
    FakeWebSocket.latest().serverClose(1006);
    for (let step = 0; step < 10; step += 1) {
      vi.advanceTimersByTime(500);
      const socket = FakeWebSocket.latest();
      if (socket.readyState === FakeWebSocket.CONNECTING) socket.serverClose(1006);
    }
    expect(last().status).toBe('ended');
    const opened = FakeWebSocket.instances.length;
    vi.advanceTimersByTime(10_000);
    expect(FakeWebSocket.instances).toHaveLength(opened);
  });

  it('does not reconnect after the server ended the stream', () => {
    const { last } = startIngest();
    FakeWebSocket.latest().serverOpen();
    FakeWebSocket.latest().serverClose(1000);
    expect(last().status).toBe('ended');
    vi.advanceTimersByTime(5_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
  });

  it('stop closes the socket and the recorder for good', () => {
    const { ingest, last } = startIngest();
    const socket = FakeWebSocket.latest();
    socket.serverOpen();
    ingest.stop();
    expect(socket.closedWith?.code).toBe(1000);
    expect(FakeVideoRecorder.instances[0]!.state).toBe('inactive');
    expect(last().status).toBe('ended');
  });

  it('a camera switch opens a new connection with a recorder on the new camera', () => {
    const { ingest } = startIngest();
    const first = FakeWebSocket.latest();
    first.serverOpen();
    const back = {} as MediaStream;
    ingest.replaceMedia(back);
    expect(first.closedWith?.reason).toBe('camera_switched');
    FakeWebSocket.latest().serverOpen();
    expect(FakeWebSocket.instances).toHaveLength(2);
    expect(FakeVideoRecorder.instances[1]!.stream).toBe(back);
  });
});
