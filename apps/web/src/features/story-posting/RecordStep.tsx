import { STORY_VIDEO_MAX_SECONDS, TAP_MAX_MS } from '@glimpse/contract';
import { Camera, SwitchCamera, Video, X } from 'lucide-react';
import { useRef, useState, type MouseEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { IconButton } from '../../ui/Button.tsx';
import { cn } from '../../ui/cn.ts';
import { useSnackbar } from '../../ui/snackbar.ts';
import { capturePhoto, type NewCapture } from './capture.ts';
import { FilePickButton } from './FilePickButton.tsx';
import { useCamera, type Facing } from './use-camera.ts';
import { useVideoRecorder, type Recording } from './use-video-recorder.ts';
// The posting texts join the translations with story-editing (its posting-texts.ts).
import '../story-editing/index.ts';

interface RecordStepProps {
  onCaptured: (capture: NewCapture) => void;
  onClose: () => void;
}

function clock(seconds: number): string {
  const whole = Math.floor(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

const roundButton =
  'inline-flex size-16 items-center justify-center rounded-full border-4 border-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white disabled:opacity-40';

/** Step 0: the camera. Take a photo, record a video (tap to start and stop, or hold), or pick a file. */
export function RecordStep({ onCaptured, onClose }: RecordStepProps) {
  const { t } = useTranslation();
  const { notify } = useSnackbar();
  const videoRef = useRef<HTMLVideoElement>(null);
  const [facing, setFacing] = useState<Facing>('user');
  const { streamRef, ready, problem } = useCamera(videoRef, true, facing);
  const recorder = useVideoRecorder(streamRef, handleRecorded);
  // A press that started recording stops it on release when held (not a tap); a press made
  // while recording always stops it.
  const pressRef = useRef<{ at: number; stopOnRelease: boolean } | null>(null);

  function handleRecorded({ file, duration }: Recording) {
    const video = videoRef.current;
    onCaptured({
      file,
      isVideo: true,
      duration,
      width: video?.videoWidth,
      height: video?.videoHeight,
      frontCamera: facing === 'user',
    });
  }

  async function handleTakePhoto() {
    const video = videoRef.current;
    if (!video || !ready) return;
    try {
      const file = await capturePhoto(video);
      onCaptured({
        file,
        isVideo: false,
        width: video.videoWidth,
        height: video.videoHeight,
        frontCamera: facing === 'user',
      });
    } catch {
      notify.error(t('posting.record.photoFailed'));
    }
  }

  function handleRecordPointerDown(event: PointerEvent<HTMLButtonElement>) {
    if (event.button !== 0 || !ready) return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    if (recorder.recording) {
      pressRef.current = { at: performance.now(), stopOnRelease: true };
      return;
    }
    recorder.start();
    pressRef.current = { at: performance.now(), stopOnRelease: false };
  }

  function handleRecordPointerUp() {
    const press = pressRef.current;
    pressRef.current = null;
    if (!press) return;
    if (press.stopOnRelease || performance.now() - press.at >= TAP_MAX_MS) recorder.stop();
  }

  // Pointer presses are handled above; a click without a pointer (Enter, Space) toggles.
  function handleRecordClick(event: MouseEvent<HTMLButtonElement>) {
    if (event.detail !== 0) return;
    if (recorder.recording) recorder.stop();
    else recorder.start();
  }

  function handleSwitchCamera() {
    setFacing((current) => (current === 'user' ? 'environment' : 'user'));
  }

  return (
    <div className="media-surface relative flex flex-1 flex-col bg-black text-white">
      <video
        ref={videoRef}
        autoPlay
        muted
        playsInline
        aria-label={t('posting.record.preview')}
        className={cn(
          'absolute inset-0 size-full object-cover',
          facing === 'user' && '-scale-x-100',
          !ready && 'invisible',
        )}
      />
      <div className="relative z-10 flex items-center justify-between p-2">
        <IconButton
          label={t('posting.close')}
          onClick={onClose}
          className="text-white hover:bg-white/15"
        >
          <X aria-hidden="true" size={24} />
        </IconButton>
        {recorder.recording && (
          <p className="rounded-full bg-red-600 px-3 py-1 text-sm font-semibold tabular-nums">
            {t('posting.record.recording', {
              elapsed: clock(recorder.elapsed),
              max: clock(STORY_VIDEO_MAX_SECONDS),
            })}
          </p>
        )}
        <IconButton
          label={t('posting.record.switchCamera')}
          onClick={handleSwitchCamera}
          disabled={!ready || recorder.recording}
          className="text-white hover:bg-white/15 disabled:opacity-40"
        >
          <SwitchCamera aria-hidden="true" size={24} />
        </IconButton>
      </div>
      <div className="relative z-10 flex flex-1 items-center justify-center p-6 text-center">
        {problem && <p role="alert">{t(`posting.record.problem.${problem}`)}</p>}
      </div>
      <div className="relative z-10 flex items-center justify-around gap-4 p-6 pb-10">
        <FilePickButton onPicked={onCaptured} disabled={recorder.recording} />
        <button
          type="button"
          aria-label={t('posting.record.takePhoto')}
          title={t('posting.record.takePhoto')}
          onClick={() => void handleTakePhoto()}
          disabled={!ready || recorder.recording}
          className={cn(roundButton, 'bg-white/20 hover:bg-white/30')}
        >
          <Camera aria-hidden="true" size={28} />
        </button>
        <button
          type="button"
          aria-label={recorder.recording ? t('posting.record.stop') : t('posting.record.record')}
          title={t('posting.record.recordHint')}
          aria-pressed={recorder.recording}
          onPointerDown={handleRecordPointerDown}
          onPointerUp={handleRecordPointerUp}
          onPointerCancel={handleRecordPointerUp}
          onClick={handleRecordClick}
          onContextMenu={(event) => event.preventDefault()}
          disabled={!ready || !recorder.supported}
          className={cn(
            roundButton,
            'touch-none select-none',
            recorder.recording ? 'bg-red-600' : 'bg-red-500/80',
          )}
        >
          <Video aria-hidden="true" size={28} />
        </button>
      </div>
    </div>
  );
}
