import { INGEST_CHUNK_MS, STREAM_RECONNECT_GRACE_SECONDS } from '@glimpse/contract';

export type IngestStatus = 'connecting' | 'live' | 'reconnecting' | 'ended';

export interface IngestState {
  status: IngestStatus;
  /** While reconnecting: whole seconds left before the server ends the stream. */
  secondsLeft: number;
}

/** MediaRecorder's chunk length (INGEST_CHUNK_MS: what it costs in latency is said there). */
export const CHUNK_MS = INGEST_CHUNK_MS;

/**
 * What the recorder writes, best first: H.264 in WebM where the browser has it (often a
 * hardware encoder), else VP8; Opus sound either way. The server's ffmpeg reads both.
 */
const MIME_TYPES = ['video/webm;codecs=h264,opus', 'video/webm;codecs=vp8,opus', 'video/webm'];

export function recorderMimeType(): string | undefined {
  if (typeof MediaRecorder === 'undefined') return undefined;
  return MIME_TYPES.find((type) => MediaRecorder.isTypeSupported(type));
}

/** Close codes after which reconnecting is pointless: the stream has ended on the server. */
const ENDED_CODES = new Set([
  1000, // stream_ended: ended by its creator, or the grace ran out
  4400, // invalid_media: ffmpeg could not read the video
]);

const BACKOFF_MS = [500, 1_000, 2_000, 4_000];

/**
 * The creator's browser ingest: MediaRecorder chunks (CHUNK_MS) sent as binary messages over the
 * authenticated WebSocket `browser_url`. A connection that drops while live is opened again
 * with backoff within the server's grace (STREAM_RECONNECT_GRACE_SECONDS), with a new recorder:
 * the server starts a new ffmpeg per connection, which needs the WebM header a recorder writes
 * only in its first chunk. Past the grace the server has ended the stream.
 */
export class BrowserIngest {
  private socket: WebSocket | null = null;
  private recorder: MediaRecorder | null = null;
  private attempt = 0;
  private deadline: number | null = null;
  private ticker: ReturnType<typeof setInterval> | undefined;
  private retry: ReturnType<typeof setTimeout> | undefined;
  private stopped = false;

  constructor(
    private readonly url: string,
    private media: MediaStream,
    private readonly mimeType: string,
    private readonly onChange: (state: IngestState) => void,
    private readonly graceSeconds = STREAM_RECONNECT_GRACE_SECONDS,
  ) {}

  start(): void {
    this.report('connecting');
    this.open();
  }

  /** Another camera: a new connection with a new recorder (one WebM stream per connection). */
  replaceMedia(media: MediaStream): void {
    if (media === this.media || this.stopped) return;
    this.media = media;
    const socket = this.socket;
    if (socket?.readyState !== WebSocket.OPEN) return;
    this.detach(socket);
    this.stopRecorder();
    socket.close(1000, 'camera_switched');
    this.open();
  }

  /** Ends the ingest for good (End, or the stream ended): no reconnects after this. */
  stop(): void {
    if (this.stopped) return;
    this.stopped = true;
    clearTimeout(this.retry);
    clearInterval(this.ticker);
    this.stopRecorder();
    if (this.socket) {
      this.detach(this.socket);
      this.socket.close(1000, 'ended');
    }
    this.socket = null;
    this.onChange({ status: 'ended', secondsLeft: 0 });
  }

  private open(): void {
    const socket = new WebSocket(this.url);
    socket.binaryType = 'arraybuffer';
    socket.onopen = () => this.handleOpen(socket);
    socket.onclose = (event) => this.handleClose(socket, event.code);
    this.socket = socket;
  }

  private detach(socket: WebSocket): void {
    socket.onopen = null;
    socket.onclose = null;
  }

  private handleOpen(socket: WebSocket): void {
    if (this.stopped || socket !== this.socket) return;
    this.attempt = 0;
    this.deadline = null;
    clearInterval(this.ticker);
    this.startRecorder(socket);
    // A recorder that failed at once has dropped this connection already.
    if (this.recorder) this.report('live');
  }

  private startRecorder(socket: WebSocket): void {
    try {
      const recorder = new MediaRecorder(this.media, { mimeType: this.mimeType });
      recorder.ondataavailable = (event) => {
        if (event.data.size > 0 && socket.readyState === WebSocket.OPEN) socket.send(event.data);
      };
      recorder.onerror = () => this.recorderFailed(socket);
      this.recorder = recorder;
      recorder.start(CHUNK_MS);
    } catch {
      // The camera's tracks ended (unplugged, taken by another app) before recording began.
      this.recorderFailed(socket);
    }
  }

  /**
   * The recorder stopped with an error: its WebM stream is broken, so the connection goes too and
   * a new one starts a new recorder, within the grace like a drop (a camera that stays gone ends
   * the stream when the grace runs out).
   */
  private recorderFailed(socket: WebSocket): void {
    if (this.stopped || socket !== this.socket) return;
    this.detach(socket);
    socket.close(4000, 'recorder_failed');
    this.handleClose(socket, 4000);
  }

  private stopRecorder(): void {
    const recorder = this.recorder;
    this.recorder = null;
    if (!recorder) return;
    recorder.ondataavailable = null;
    recorder.onerror = null;
    if (recorder.state !== 'inactive') recorder.stop();
  }

  private handleClose(socket: WebSocket, code: number): void {
    if (this.stopped || socket !== this.socket) return;
    this.stopRecorder();
    if (ENDED_CODES.has(code)) return this.stop();
    if (this.deadline === null) {
      this.deadline = Date.now() + this.graceSeconds * 1000;
      this.ticker = setInterval(() => this.tick(), 1_000);
    }
    if (this.tick()) return;
    const delay = BACKOFF_MS[Math.min(this.attempt, BACKOFF_MS.length - 1)]!;
    this.attempt += 1;
    this.retry = setTimeout(() => {
      if (!this.stopped) this.open();
    }, delay);
  }

  /** Reports the countdown; true (and stopped) once the grace is over. */
  private tick(): boolean {
    if (this.deadline === null) return false;
    const left = Math.ceil((this.deadline - Date.now()) / 1000);
    if (left <= 0) {
      this.stop();
      return true;
    }
    this.onChange({ status: 'reconnecting', secondsLeft: left });
    return false;
  }

  private report(status: IngestStatus): void {
    this.onChange({ status, secondsLeft: 0 });
  }
}
