import { useTranslation } from 'react-i18next';
import { cn } from '../../ui/cn.ts';
import type { Capture } from './capture.ts';
// The posting texts join the translations with story-editing (its posting-texts.ts).
import '../story-editing/index.ts';

interface CapturePreviewProps {
  capture: Capture;
  /** Full preview (step 1) plays the video with controls; a thumbnail (step 2) does not. */
  variant: 'full' | 'thumbnail';
  className?: string;
}

/** The captured or picked media, from a local blob URL. */
export function CapturePreview({ capture, variant, className }: CapturePreviewProps) {
  const { t } = useTranslation();
  const url = capture.previewUrl;
  const fit = variant === 'full' ? 'object-contain' : 'object-cover';
  if (capture.isVideo) {
    return (
      <video
        src={url}
        aria-label={t('posting.result.video')}
        playsInline
        loop
        muted={variant === 'thumbnail'}
        autoPlay={variant === 'full'}
        controls={variant === 'full'}
        className={cn(fit, className)}
      />
    );
  }
  return <img src={url} alt={t('posting.result.photo')} className={cn(fit, className)} />;
}
