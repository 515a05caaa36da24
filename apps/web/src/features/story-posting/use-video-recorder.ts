import { STORY_VIDEO_MAX_SECONDS } from '@glimpse/contract';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { recorderMimeType } from './capture.ts';

const TICK_MS = 250;
const VIDEO_BITS_PER_SECOND = 2_500_000;

export interface Recording {
  file: File;
  /** Measured while recording: recorded webm files often carry no duration of their own. */
  duration: number;
}

/**
 * Records the camera stream with MediaRecorder, stopping on its own at the longest video the
 * server accepts. `elapsed` (seconds) drives the on-screen timer.
 */
export function useVideoRecorder(
  streamRef: RefObject<MediaStream | null>,
  onRecorded: (recording: Recording) => void,
) {
  const recorderRef = useRef<MediaRecorder | null>(null);
  const onRecordedRef = useRef(onRecorded);
  const [recording, setRecording] = useState(false);
  const [elapsed, setElapsed] = useState(0);
  const mimeType = recorderMimeType();

  useEffect(() => {
    onRecordedRef.current = onRecorded;
  }, [onRecorded]);

  useEffect(() => {
    if (!recording) return;
    const startedAt = performance.now();
    const timer = window.setInterval(() => {
      const seconds = (performance.now() - startedAt) / 1000;
      setElapsed(seconds);
      if (seconds >= STORY_VIDEO_MAX_SECONDS) recorderRef.current?.stop();
    }, TICK_MS);
    return () => window.clearInterval(timer);
  }, [recording]);

  // Leaving the step mid-recording drops the recording rather than posting half of it.
  useEffect(
    () => () => {
      const recorder = recorderRef.current;
      if (recorder && recorder.state !== 'inactive') {
        recorder.ondataavailable = null;
        recorder.onstop = null;
        recorder.stop();
      }
    },
    [],
  );

  function start() {
    const stream = streamRef.current;
    if (!stream || !mimeType || recorderRef.current?.state === 'recording') return;
    const recorder = new MediaRecorder(stream, {
      mimeType,
      videoBitsPerSecond: VIDEO_BITS_PER_SECOND,
    });
    const chunks: Blob[] = [];
    const startedAt = performance.now();
    recorder.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    };
    recorder.onstop = () => {
      setRecording(false);
      setElapsed(0);
      const type = mimeType.split(';')[0]!;
      const extension = type === 'video/mp4' ? 'mp4' : 'webm';
      const file = new File(chunks, `story-${Date.now()}.${extension}`, { type });
      const duration = Math.min((performance.now() - startedAt) / 1000, STORY_VIDEO_MAX_SECONDS);
      if (file.size > 0) onRecordedRef.current({ file, duration });
    };
    recorder.start(1_000);
    recorderRef.current = recorder;
    setRecording(true);
  }

  function stop() {
    if (recorderRef.current?.state === 'recording') recorderRef.current.stop();
  }

  return { recording, elapsed, start, stop, supported: mimeType !== undefined };
}
