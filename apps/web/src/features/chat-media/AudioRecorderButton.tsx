import './chat-media-texts.ts';
import { AUDIO_MAX_SECONDS, CANCEL_INDICATOR_MS, type Message } from '@glimpse/contract';
import { ChevronLeft, Mic } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { focusRing } from '../../ui/Button.tsx';
import { cn } from '../../ui/cn.ts';
import { newIdempotencyKey } from '../money/index.ts';
import { clock } from './audio-format.ts';
import { sendVoiceMessage, type VoiceTarget } from './send-voice-message.ts';
import { VoiceNotice, type Notice } from './VoiceNotice.tsx';
import { useHoldToRecord } from './use-hold-to-record.ts';
import { MicrophoneError, useVoiceRecorder, type VoiceRecording } from './use-voice-recorder.ts';

/** How long the "hold to record" hint stays after a tap that was too short. */
const HINT_MS = 2_000;

export interface AudioRecorderButtonProps {
  target: VoiceTarget;
  /** The chat screen's permission check (spec 5): false means do not record. */
  beforeRecord?: () => Promise<boolean>;
  onSent: (message: Message) => void;
  onError: (error: unknown) => void;
  disabled?: boolean;
  /**
   * Recording started or ended: the composer hides its text field and other buttons meanwhile,
   * and the recording pill takes their place.
   */
  onRecordingChange?: (recording: boolean) => void;
}

/**
 * The composer's hold-to-record mic (spec 4, 9): hold RECORD_HOLD_MS to record, let go to send,
 * slide left past RECORD_CANCEL_SLIDE_PX (or press Escape) to throw it away, which shows
 * "deleted" for CANCEL_INDICATOR_MS; it stops and sends by itself at AUDIO_MAX_SECONDS.
 */
export function AudioRecorderButton({
  target,
  beforeRecord,
  onSent,
  onError,
  disabled = false,
  onRecordingChange,
}: AudioRecorderButtonProps) {
  const { t } = useTranslation();
  const [notice, setNotice] = useState<Notice | null>(null);
  const [sending, setSending] = useState(false);
  const noticeTimerRef = useRef<number | undefined>(undefined);
  // Whether the press that started this recording is still down (checked after each await).
  const holdingRef = useRef(false);

  function showNotice(next: Notice | null, forMs?: number) {
    window.clearTimeout(noticeTimerRef.current);
    setNotice(next);
    if (forMs) noticeTimerRef.current = window.setTimeout(() => setNotice(null), forMs);
  }

  async function send(recording: VoiceRecording, clientId: string) {
    setSending(true);
    showNotice(null);
    try {
      const message = await sendVoiceMessage(target, recording, clientId);
      onSent(message);
    } catch (error) {
      // Sending again reuses the client_id, so a copy that did arrive is not posted twice.
      showNotice({ kind: 'failed', retry: () => void send(recording, clientId) });
      onError(error);
    } finally {
      setSending(false);
    }
  }

  const recorder = useVoiceRecorder((recording) => void send(recording, newIdempotencyKey()));
  const hold = useHoldToRecord({
    disabled: disabled || sending,
    onHoldStart: () => void handleHoldStart(),
    onRelease: handleRelease,
    onCancel: handleCancel,
    onShortPress: () => showNotice({ kind: 'hint' }, HINT_MS),
  });

  useEffect(() => () => window.clearTimeout(noticeTimerRef.current), []);

  async function handleHoldStart() {
    holdingRef.current = true;
    showNotice(null);
    try {
      if (beforeRecord && !(await beforeRecord())) return;
      if (!holdingRef.current) return;
      await recorder.start();
    } catch (error) {
      if (error instanceof MicrophoneError) showNotice({ kind: 'problem', problem: error.problem });
      onError(error);
    }
  }

  function handleRelease() {
    holdingRef.current = false;
    recorder.finish();
  }

  function handleCancel() {
    holdingRef.current = false;
    // Nothing to delete when it had already stopped by itself (sent at the maximum length).
    if (recorder.cancel() !== 'none') showNotice({ kind: 'deleted' }, CANCEL_INDICATOR_MS);
  }

  const recording = recorder.phase !== 'idle';
  useEffect(() => {
    onRecordingChange?.(recording);
  }, [recording, onRecordingChange]);
  useEffect(() => () => onRecordingChange?.(false), [onRecordingChange]);
  const label = recording
    ? t('chatMedia.recorder.recording')
    : sending
      ? t('chatMedia.recorder.sending')
      : t('chatMedia.recorder.hold');

  return (
    <div
      className={cn(
        'relative inline-flex',
        // While recording, the pill fills the composer's row up to the mic, where the text
        // field was (the composer hides it): nothing of the field shows beside or under it.
        recording ? 'min-w-0 flex-1 items-center gap-2' : 'shrink-0',
      )}
    >
      {recording ? (
        <div className="flex min-h-11 min-w-0 flex-1 items-center gap-2 rounded-full bg-neutral-100 px-4 text-sm text-neutral-900">
          <span
            aria-hidden="true"
            className="size-2.5 shrink-0 animate-pulse rounded-full bg-red-600"
          />
          <span
            className="font-semibold tabular-nums"
            title={t('chatMedia.recorder.recordingStatus', {
              elapsed: clock(recorder.elapsed),
              max: clock(AUDIO_MAX_SECONDS),
            })}
          >
            {clock(recorder.elapsed)}
          </span>
          <span role="status" className="inline-flex min-w-0 items-center gap-1 text-neutral-600">
            <ChevronLeft aria-hidden="true" size={16} className="shrink-0" />
            <span className="truncate">
              {hold.held === 'key'
                ? t('chatMedia.recorder.escapeToCancel')
                : t('chatMedia.recorder.slideToCancel')}
            </span>
          </span>
        </div>
      ) : (
        notice && <VoiceNotice notice={notice} onDismiss={() => showNotice(null)} />
      )}
      <button
        type="button"
        aria-label={label}
        title={t('chatMedia.recorder.holdHint')}
        aria-busy={sending || undefined}
        disabled={disabled || sending}
        {...hold.handlers}
        style={hold.slide ? { transform: `translateX(${hold.slide}px)` } : undefined}
        className={cn(
          // No scrolling, text selection or iOS callout while a finger holds the mic.
          'inline-flex size-11 shrink-0 touch-none items-center justify-center rounded-full transition-[background-color,scale] select-none [-webkit-touch-callout:none] disabled:cursor-not-allowed disabled:opacity-50',
          focusRing,
          recording
            ? 'scale-125 bg-red-600 text-white'
            : 'text-neutral-800 hover:bg-neutral-100 active:bg-neutral-200',
        )}
      >
        {sending ? (
          <span
            aria-hidden="true"
            className="size-5 animate-spin rounded-full border-2 border-neutral-300 border-t-accent"
          />
        ) : (
          <Mic aria-hidden="true" size={22} />
        )}
      </button>
    </div>
  );
}
