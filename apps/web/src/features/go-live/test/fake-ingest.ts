import { vi } from 'vitest';
import { FakeStream } from '../../chat-media/test/fake-media.ts';

/**
 * A WebSocket the test plays the server of: it opens, closes with a code, and keeps what the
 * page sent. `close()` from the page does not call `onclose` (the ingest detaches first).
 */
export class FakeWebSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  static instances: FakeWebSocket[] = [];

  readonly url: string;
  readyState = FakeWebSocket.CONNECTING;
  binaryType = 'blob';
  readonly sent: unknown[] = [];
  closedWith: { code: number; reason: string } | null = null;
  onopen: ((event: Event) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;

  constructor(url: string) {
    this.url = url;
    FakeWebSocket.instances.push(this);
  }

  send(data: unknown) {
    this.sent.push(data);
  }

  close(code = 1000, reason = '') {
    this.readyState = FakeWebSocket.CLOSED;
    this.closedWith = { code, reason };
  }

  /** The server accepted the upgrade. */
  serverOpen() {
    this.readyState = FakeWebSocket.OPEN;
    this.onopen?.(new Event('open'));
  }

  /** The connection went away (1006 a drop, 1000 stream_ended, 4400 invalid_media...). */
  serverClose(code: number) {
    this.readyState = FakeWebSocket.CLOSED;
    this.onclose?.({ code });
  }

  static latest(): FakeWebSocket {
    const socket = FakeWebSocket.instances.at(-1);
    if (!socket) throw new Error('no WebSocket was opened');
    return socket;
  }
}

/** MediaRecorder for video: start(timeslice), stop, and the chunks the test hands it. */
export class FakeVideoRecorder {
  static instances: FakeVideoRecorder[] = [];
  static supportedTypes = ['video/webm;codecs=vp8,opus', 'video/webm'];

  static isTypeSupported(type: string) {
    return FakeVideoRecorder.supportedTypes.includes(type);
  }

  readonly stream: unknown;
  readonly mimeType: string;
  state: 'inactive' | 'recording' = 'inactive';
  timeslice: number | undefined;
  ondataavailable: ((event: { data: Blob }) => void) | null = null;
  onerror: (() => void) | null = null;
  /** The next `start` throws, as a recorder over ended tracks does. */
  static failNextStart = false;

  constructor(stream: unknown, options?: { mimeType?: string }) {
    this.stream = stream;
    this.mimeType = options?.mimeType ?? '';
    FakeVideoRecorder.instances.push(this);
  }

  start(timeslice?: number) {
    if (FakeVideoRecorder.failNextStart) {
      FakeVideoRecorder.failNextStart = false;
      throw new DOMException('The tracks have ended', 'InvalidStateError');
    }
    this.state = 'recording';
    this.timeslice = timeslice;
  }

  stop() {
    this.state = 'inactive';
  }

  /** The encoder failed: the recorder stops and says so. */
  fail() {
    this.state = 'inactive';
    this.onerror?.();
  }

  /** One timeslice's worth of WebM. */
  chunk(text: string): Blob {
    const data = new Blob([text], { type: this.mimeType });
    this.ondataavailable?.({ data });
    return data;
  }
}

/** Installs the camera, MediaRecorder and WebSocket fakes for one test. */
export function installFakeIngest() {
  FakeWebSocket.instances = [];
  FakeVideoRecorder.instances = [];
  const streams: FakeStream[] = [];
  const getUserMedia = vi.fn(async (constraints: MediaStreamConstraints) => {
    const stream = new FakeStream([
      ...(constraints.audio ? ['audio'] : []),
      ...(constraints.video ? ['video'] : []),
    ]);
    streams.push(stream);
    return stream as unknown as MediaStream;
  });
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: { getUserMedia },
  });
  vi.stubGlobal('MediaRecorder', FakeVideoRecorder);
  vi.stubGlobal('WebSocket', FakeWebSocket);
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  return { getUserMedia, streams };
}

export function uninstallFakeIngest() {
  Reflect.deleteProperty(navigator, 'mediaDevices');
}
