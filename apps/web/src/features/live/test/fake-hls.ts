import { vi } from 'vitest';

type Listener = (event: string, data: unknown) => void;

/**
 * hls.js as the player uses it, for `vi.mock('hls.js/light', () => import(...))`: records the
 * config, the sources it loads and the video it is attached to; the test fires its errors.
 */
export default class FakeHls {
  static instances: FakeHls[] = [];
  static supported = true;
  static Events = { ERROR: 'hlsError' };
  static ErrorTypes = { NETWORK_ERROR: 'networkError', MEDIA_ERROR: 'mediaError' };

  static isSupported() {
    return FakeHls.supported;
  }

  readonly config: Record<string, unknown>;
  readonly sources: string[] = [];
  media: HTMLMediaElement | null = null;
  destroyed = false;
  readonly startLoad = vi.fn();
  readonly recoverMediaError = vi.fn();
  private readonly listeners = new Map<string, Listener[]>();

  constructor(config: Record<string, unknown>) {
    this.config = config;
    FakeHls.instances.push(this);
  }

  on(event: string, listener: Listener) {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
  }

  loadSource(url: string) {
    this.sources.push(url);
  }

  attachMedia(media: HTMLMediaElement) {
    this.media = media;
  }

  destroy() {
    this.destroyed = true;
  }

  /** As hls.js reports a failed playlist or segment request. */
  fail(data: Record<string, unknown>) {
    for (const listener of this.listeners.get(FakeHls.Events.ERROR) ?? []) {
      listener(FakeHls.Events.ERROR, data);
    }
  }

  static reset() {
    FakeHls.instances = [];
    FakeHls.supported = true;
  }
}
