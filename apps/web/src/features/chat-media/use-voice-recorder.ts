import { AUDIO_MAX_SECONDS } from '@glimpse/contract';
import { useEffect, useRef, useState } from 'react';
import { audioMimeType, voiceRecordingSupported } from './audio-format.ts';

const TICK_MS = 250;

export interface VoiceRecording {
  blob: Blob;
  mimeType: string;
  /** Seconds, measured while recording (a streamed webm declares none of its own). */
  duration: number;
}

export type MicrophoneProblem = 'denied' | 'missing' | 'unsupported' | 'failed';

/** Why recording could not start, in words the button can show. */
export class MicrophoneError extends Error {
  readonly problem: MicrophoneProblem;

  constructor(problem: MicrophoneProblem, cause?: unknown) {
    super(`microphone_${problem}`, { cause });
    this.name = 'MicrophoneError';
    this.problem = problem;
  }
}

function toMicrophoneError(error: unknown): MicrophoneError {
  const name = error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') {
    return new MicrophoneError('denied', error);
  }
  if (name === 'NotFoundError' || name === 'OverconstrainedError') {
    return new MicrophoneError('missing', error);
  }
  return new MicrophoneError('failed', error);
}

function stopTracks(stream: MediaStream) {
  for (const track of stream.getTracks()) track.stop();
}

/** One recording, from asking for the microphone until the recorder has stopped. */
interface Session {
  recorder: MediaRecorder | null;
  chunks: Blob[];
  startedAt: number;
  stoppedAt: number;
  /** Set once the recording is ended: sent (keep) or thrown away (drop). */
  outcome: 'keep' | 'drop' | null;
  autoStop: number | undefined;
}

export type RecorderPhase = 'idle' | 'starting' | 'recording';
/** What ending hit: a running recording, one still waiting for the microphone, or nothing. */
export type Ended = 'recording' | 'starting' | 'none';

/**
 * A voice recording with MediaRecorder. `start` asks for the microphone (and throws a
 * MicrophoneError when it cannot have it); `finish` stops and hands the recording to
 * `onRecorded`; `cancel` stops and drops it. It stops by itself at AUDIO_MAX_SECONDS and releases
 * the microphone after every recording, so the browser's recording light goes off.
 */
export function useVoiceRecorder(onRecorded: (recording: VoiceRecording) => void) {
  const sessionRef = useRef<Session | null>(null);
  const onRecordedRef = useRef(onRecorded);
  const [phase, setPhase] = useState<RecorderPhase>('idle');
  const [elapsed, setElapsed] = useState(0);

  useEffect(() => {
    onRecordedRef.current = onRecorded;
  }, [onRecorded]);

  useEffect(() => {
    if (phase !== 'recording') return;
    const startedAt = sessionRef.current?.startedAt ?? Date.now();
    const timer = window.setInterval(() => setElapsed((Date.now() - startedAt) / 1000), TICK_MS);
    return () => window.clearInterval(timer);
  }, [phase]);

  // Leaving the chat mid-recording throws the recording away and frees the microphone.
  useEffect(() => () => void end(sessionRef, 'drop'), []);

  function close(session: Session) {
    window.clearTimeout(session.autoStop);
    if (sessionRef.current !== session) return;
    sessionRef.current = null;
    setPhase('idle');
    setElapsed(0);
  }

  async function start(): Promise<boolean> {
    if (sessionRef.current) return false;
    if (!voiceRecordingSupported()) throw new MicrophoneError('unsupported');
    const session: Session = {
      recorder: null,
      chunks: [],
      startedAt: 0,
      stoppedAt: 0,
      outcome: null,
      autoStop: undefined,
    };
    sessionRef.current = session;
    setPhase('starting');
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch (error) {
      close(session);
      throw toMicrophoneError(error);
    }
    // Released or cancelled while the browser was still asking: nothing to record.
    if (session.outcome !== null) {
      stopTracks(stream);
      close(session);
      return false;
    }
    const mimeType = audioMimeType();
    let recorder: MediaRecorder;
    try {
      recorder = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
    } catch (error) {
      stopTracks(stream);
      close(session);
      throw new MicrophoneError('failed', error);
    }
    recorder.ondataavailable = (event) => {
      if (event.data.size > 0) session.chunks.push(event.data);
    };
    recorder.onstop = () => {
      stopTracks(stream);
      close(session);
      if (session.outcome !== 'keep') return;
      const type = recorder.mimeType || mimeType || 'audio/webm';
      const blob = new Blob(session.chunks, { type });
      const seconds = (session.stoppedAt - session.startedAt) / 1000;
      const duration = Math.max(0.1, Math.min(AUDIO_MAX_SECONDS, Math.round(seconds * 10) / 10));
      if (blob.size > 0) onRecordedRef.current({ blob, mimeType: type, duration });
    };
    session.recorder = recorder;
    session.startedAt = Date.now();
    recorder.start();
    session.autoStop = window.setTimeout(() => end(sessionRef, 'keep'), AUDIO_MAX_SECONDS * 1000);
    setElapsed(0);
    setPhase('recording');
    return true;
  }

  return {
    phase,
    elapsed,
    start,
    /** Stops and sends what was recorded. */
    finish: (): Ended => end(sessionRef, 'keep'),
    /** Stops and throws the recording away. */
    cancel: (): Ended => end(sessionRef, 'drop'),
  };
}

function end(sessionRef: { current: Session | null }, outcome: 'keep' | 'drop'): Ended {
  const session = sessionRef.current;
  if (!session || session.outcome !== null) return 'none';
  session.outcome = outcome;
  session.stoppedAt = Date.now();
  const recorder = session.recorder;
  if (recorder && recorder.state !== 'inactive') {
    recorder.stop();
    return 'recording';
  }
  // Still waiting for the microphone: start() sees the outcome and closes it unused.
  return 'starting';
}
