/**
 * Recording formats in order of preference: Opus in webm (Chrome, Firefox, Edge), AAC in mp4
 * (Safari), Opus in ogg (older Firefox). The server transcodes whichever arrives into one format
 * every browser plays, so the choice only has to work for recording.
 */
const AUDIO_TYPES = [
  'audio/webm;codecs=opus',
  'audio/mp4',
  'audio/ogg;codecs=opus',
  'audio/ogg',
  'audio/webm',
];

const EXTENSIONS: Record<string, string> = {
  'audio/webm': 'webm',
  'audio/mp4': 'm4a',
  'audio/ogg': 'ogg',
};

export function voiceRecordingSupported(): boolean {
  return (
    typeof MediaRecorder !== 'undefined' &&
    typeof navigator !== 'undefined' &&
    typeof navigator.mediaDevices?.getUserMedia === 'function'
  );
}

/** The first format this browser records, or undefined to let MediaRecorder pick its default. */
export function audioMimeType(): string | undefined {
  if (typeof MediaRecorder === 'undefined') return undefined;
  return AUDIO_TYPES.find((type) => MediaRecorder.isTypeSupported(type));
}

/** A file name whose extension matches the recorded container (the server sniffs the bytes). */
export function voiceFileName(mimeType: string): string {
  const container = mimeType.split(';')[0]?.trim() ?? '';
  return `voice-${Date.now()}.${EXTENSIONS[container] ?? 'webm'}`;
}

/** `m:ss` for a number of seconds. */
export function clock(seconds: number): string {
  const whole = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}
