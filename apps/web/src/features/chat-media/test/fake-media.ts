import { vi } from 'vitest';

/** A microphone or camera track: records whether it was released. */
export class FakeTrack {
  readonly kind: string;
  stopped = false;
  readonly stop = vi.fn(() => {
    this.stopped = true;
  });

  constructor(kind: string) {
    this.kind = kind;
  }
}

export class FakeStream {
  readonly tracks: FakeTrack[];

  constructor(kinds: string[]) {
    this.tracks = kinds.map((kind) => new FakeTrack(kind));
  }

  getTracks() {
    return this.tracks;
  }
}

/**
 * MediaRecorder as the component uses it: start, stop (then one dataavailable with the whole
 * recording and stop, a microtask later, as browsers deliver them), isTypeSupported.
 */
export class FakeMediaRecorder {
  static instances: FakeMediaRecorder[] = [];
  static supportedTypes = ['audio/webm;codecs=opus', 'audio/mp4'];

  static isTypeSupported(type: string) {
    return FakeMediaRecorder.supportedTypes.includes(type);
  }

  readonly stream: FakeStream;
  readonly mimeType: string;
  state: 'inactive' | 'recording' = 'inactive';
  ondataavailable: ((event: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;

  constructor(stream: FakeStream, options?: { mimeType?: string }) {
    this.stream = stream;
    this.mimeType = options?.mimeType ?? 'audio/webm';
    FakeMediaRecorder.instances.push(this);
  }

  start() {
    this.state = 'recording';
  }

  stop() {
    if (this.state === 'inactive') return;
    this.state = 'inactive';
    void Promise.resolve().then(() => {
      this.ondataavailable?.({ data: new Blob(['voice bytes'], { type: this.mimeType }) });
      this.onstop?.();
    });
  }
}

interface MicrophoneOptions {
  /** The DOMException name getUserMedia rejects with (e.g. NotAllowedError). */
  failWith?: string;
}

/**
 * Installs MediaRecorder and navigator.mediaDevices.getUserMedia for one test; returns the spy
 * and the streams handed out. `uninstallFakeMicrophone` removes mediaDevices again (jsdom has
 * none; unstubAllGlobals, run after each test, takes MediaRecorder away).
 */
export function installFakeMicrophone({ failWith }: MicrophoneOptions = {}) {
  FakeMediaRecorder.instances = [];
  const streams: FakeStream[] = [];
  const getUserMedia = vi.fn(async (constraints: MediaStreamConstraints) => {
    if (failWith) throw new DOMException('refused', failWith);
    const stream = new FakeStream([
      ...(constraints.audio ? ['audio'] : []),
      ...(constraints.video ? ['video'] : []),
    ]);
    streams.push(stream);
    return stream as unknown as MediaStream;
  });
  vi.stubGlobal('MediaRecorder', FakeMediaRecorder);
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: { getUserMedia },
  });
  return { getUserMedia, streams };
}

export function uninstallFakeMicrophone() {
  Reflect.deleteProperty(navigator, 'mediaDevices');
}

/**
 * jsdom implements no playback: play() and pause() flip `paused` and fire the events a browser
 * fires, so components see playing and pausing as they would. Restored by restoreAllMocks.
 */
export function installFakePlayback() {
  const paused = new WeakMap<HTMLMediaElement, boolean>();
  vi.spyOn(HTMLMediaElement.prototype, 'paused', 'get').mockImplementation(function (
    this: HTMLMediaElement,
  ) {
    return paused.get(this) ?? true;
  });
  const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(async function (
    this: HTMLMediaElement,
  ) {
    paused.set(this, false);
    this.dispatchEvent(new Event('play'));
  });
  const pause = vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (
    this: HTMLMediaElement,
  ) {
    if (paused.get(this) !== false) return;
    paused.set(this, true);
    this.dispatchEvent(new Event('pause'));
  });
  return { play, pause };
}
