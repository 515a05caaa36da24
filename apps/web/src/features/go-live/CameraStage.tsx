import { SwitchCamera } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { IconButton } from '../../ui/Button.tsx';
import { cn } from '../../ui/cn.ts';
import type { CameraProblem, Facing } from './use-camera-preview.ts';

interface CameraStageProps {
  media: MediaStream | null;
  problem: CameraProblem | undefined;
  facing: Facing;
  onSwitchCamera: () => void;
  /** Over the picture: the LIVE badge and status while live. */
  overlay?: ReactNode;
}

/** The creator's own camera, mirrored when it is the front one, as people expect a mirror. */
export function CameraStage({ media, problem, facing, onSwitchCamera, overlay }: CameraStageProps) {
  const { t } = useTranslation();
  const videoRef = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    video.srcObject = media;
    if (media) void Promise.resolve(video.play()).catch(() => undefined);
  }, [media]);
  return (
    <div className="media-surface relative aspect-[3/4] max-h-[55dvh] w-full overflow-hidden rounded-2xl bg-neutral-900 lg:aspect-video lg:max-h-none">
      <video
        ref={videoRef}
        aria-label={t('goLive.preview')}
        muted
        playsInline
        autoPlay
        className={cn('h-full w-full object-cover', facing === 'user' && '-scale-x-100')}
      />
      {problem && (
        <p
          role="alert"
          className="absolute inset-x-6 top-1/2 -translate-y-1/2 text-center text-sm text-white"
        >
          {t(`goLive.camera.${problem}`)}
        </p>
      )}
      <div className="absolute inset-x-0 top-0 flex items-start justify-between gap-2 p-2 text-white">
        <div className="flex flex-wrap items-center gap-2">{overlay}</div>
        <IconButton
          tone="overlay"
          label={t(facing === 'user' ? 'goLive.camera.toBack' : 'goLive.camera.toFront')}
          onClick={onSwitchCamera}
          disabled={!media}
        >
          <SwitchCamera aria-hidden="true" size={24} />
        </IconButton>
      </div>
    </div>
  );
}
