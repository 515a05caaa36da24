import { vi } from 'vitest';
import { installTestImport } from '../../../lib/lazy-module.ts';
import { hlsModule } from '../live-player.ts';

type Listener = (event: string, data: unknown) => void;
type HlsLight = NonNullable<typeof hlsModule.current>;

/**
 * hls.js as the player uses it, in its place once `FakeHls.reset()` ran (test/setup.ts puts
 * hls.js back after the file): records the config, the sources it loads and the video it is
 * attached to; the test fires its errors.
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

  /** No players yet, and the screen gets this class for hls.js: call it before each test. */
  static reset() {
    FakeHls.instances = [];
    FakeHls.supported = true;
    installTestImport(hlsModule, async () => ({ default: FakeHls }) as unknown as HlsLight);
  }
}
