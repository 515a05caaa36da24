import type { OwnStory } from '@glimpse/contract';
import { ShieldAlert, TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../ui/cn.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { processingErrorText } from './processing-error.ts';

interface StoryMediaProps {
  story: OwnStory;
  /** Full screen plays the video with controls; in the carousel only its poster shows. */
  variant: 'thumbnail' | 'full';
  className?: string;
}

/**
 * One own story's media: a spinner while processing, why it failed (translated), a
 * video offered as mp4 and webm with its poster, or the WebP image with its JPEG fallback. A
 * story held for review (near known content, issue 29) shows to its owner with an "In review"
 * badge: nobody else sees it until a moderator publishes it.
 */
export function StoryMedia({ story, variant, className }: StoryMediaProps) {
  const { t } = useTranslation();
  const full = variant === 'full';
  const box = cn('media-surface flex items-center justify-center overflow-hidden', className);

  if (story.is_processing) {
    return (
      <div className={cn(box, 'bg-neutral-800')}>
        <Spinner label={t('ownStories.processing')} />
      </div>
    );
  }
  if (story.status === 'in_review') {
    return (
      <div className={cn('relative', className)}>
        <StoryMedia story={{ ...story, status: 'ready' }} variant={variant} className="size-full" />
        <p
          className={cn(
            'absolute inset-x-1 top-1 flex items-center justify-center gap-1 rounded-md bg-amber-900/90 px-1.5 py-0.5 text-center font-medium text-amber-50',
            full ? 'text-sm' : 'text-[11px] leading-tight',
          )}
        >
          <ShieldAlert aria-hidden="true" size={full ? 16 : 12} />
          {t('ownStories.inReview')}
        </p>
      </div>
    );
  }
  if (story.processing_error !== null) {
    return (
      <div className={cn(box, 'flex-col gap-1 bg-red-950 p-2 text-center text-red-100')}>
        <TriangleAlert aria-hidden="true" size={full ? 32 : 18} />
        <p className={cn(full ? 'text-base' : 'line-clamp-3 text-[11px] leading-tight')}>
          <span className="sr-only">{t('ownStories.failed')} </span>
          {processingErrorText(t, story.processing_error)}
        </p>
      </div>
    );
  }
  if (story.is_video) {
    return (
      <video
        className={cn(box, 'bg-black', full ? 'object-contain' : 'object-cover')}
        poster={story.overlay_image_src ?? undefined}
        playsInline
        muted={!full}
        controls={full}
        autoPlay={full}
        preload={full ? 'auto' : 'none'}
        aria-label={t('ownStories.video')}
      >
        {story.mp4_video_src && <source src={story.mp4_video_src} type="video/mp4" />}
        {story.webm_video_src && <source src={story.webm_video_src} type="video/webm" />}
      </video>
    );
  }
  return (
    <picture className={box}>
      {story.overlay_src && <source srcSet={story.overlay_src} type="image/webp" />}
      <img
        src={story.overlay_image_src ?? story.overlay_src ?? undefined}
        alt={story.text || t('ownStories.image')}
        className={cn('size-full bg-black', full ? 'object-contain' : 'object-cover')}
      />
    </picture>
  );
}
