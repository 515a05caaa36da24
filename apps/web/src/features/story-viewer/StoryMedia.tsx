import type { Story } from '@glimpse/contract';
import { useEffect, useEffectEvent, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { preloadStoryPicture, STORY_IMAGE_SIZES } from './story-picture.ts';
import { PROGRESS_FULL } from './viewer-state.ts';

interface StoryMediaProps {
  story: Story;
  creatorName: string;
  videoRef: RefObject<HTMLVideoElement | null>;
  playing: boolean;
  muted: boolean;
  repeat: boolean;
  onProgress: (value: number) => void;
  onEnded: () => void;
  /** The image is on screen (or failed for good): its clock may start. */
  onImageReady: () => void;
  /** The browser refused to play with sound; the viewer retries muted. */
  onSoundBlocked: () => void;
}

function StoryVideo({
  story,
  creatorName,
  videoRef,
  playing,
  muted,
  repeat,
  ...handlers
}: StoryMediaProps) {
  const { t } = useTranslation();
  const { onProgress, onEnded } = handlers;
  const handleSoundBlocked = useEffectEvent(handlers.onSoundBlocked);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    if (!playing) {
      video.pause();
      return;
    }
    // Autoplay with sound needs a recent user gesture; muted playback is always allowed.
    video.play()?.catch((error: unknown) => {
      if (error instanceof DOMException && error.name === 'NotAllowedError' && !video.muted) {
        handleSoundBlocked();
      }
    });
    // `muted` is a dependency so a refused start is retried once the sound is off.
  }, [videoRef, playing, muted]);

  // The poster first: it is what the viewer sees (and the page's largest paint) while the video
  // downloads, and a video's own request would otherwise go ahead of it on a slow network.
  preloadStoryPicture(story);

  return (
    <video
      ref={videoRef}
      className="h-full w-full object-contain"
      poster={story.overlay_image_src ?? undefined}
      aria-label={t('viewer.videoLabel', { name: creatorName })}
      // Browsers give a video a tab index of 0 even without controls, where it takes no focus:
      // the viewer's focus trap took it for its first stop and Tab stuck at the last control.
      tabIndex={-1}
      playsInline
      preload="auto"
      muted={muted}
      loop={repeat}
      onTimeUpdate={(event) => {
        const { currentTime, duration } = event.currentTarget;
        if (duration > 0 && Number.isFinite(duration))
          onProgress((currentTime / duration) * PROGRESS_FULL);
      }}
      onEnded={onEnded}
    >
      {/* mp4 first: Safari plays it; everything else takes it too, webm is the alternative. */}
      {story.mp4_video_src && <source src={story.mp4_video_src} type="video/mp4" />}
      {story.webm_video_src && <source src={story.webm_video_src} type="video/webm" />}
    </video>
  );
}

function StoryImage({ story, creatorName, onImageReady }: StoryMediaProps) {
  const { t } = useTranslation();
  const fallback = story.overlay_image_src;
  const [src, setSrc] = useState(story.overlay_src ?? fallback);
  const handleMissing = useEffectEvent(onImageReady);

  function handleError() {
    // The WebP failed (old browser, broken file): try the JPEG, else let the story move on.
    if (fallback && src !== fallback) setSrc(fallback);
    else onImageReady();
  }

  useEffect(() => {
    if (!src) handleMissing();
  }, [src]);

  if (!src) return null;
  return (
    <img
      src={src}
      // The server's smaller WebP copies: a phone takes the 720 px one, not the 1080 px story.
      // The JPEG fallback has none (the copies are WebP too).
      srcSet={(src === story.overlay_src && story.overlay_srcset) || undefined}
      sizes={STORY_IMAGE_SIZES}
      alt={story.text || t('viewer.imageAlt', { name: creatorName })}
      draggable={false}
      // The story on screen is the page's largest paint: ahead of the previews and avatars.
      fetchPriority="high"
      className="h-full w-full object-contain"
      onLoad={onImageReady}
      onError={handleError}
    />
  );
}

/** The story's video (mp4 and webm sources, poster) or image (WebP with a JPEG fallback). */
export function StoryMedia(props: StoryMediaProps) {
  return props.story.is_video ? <StoryVideo {...props} /> : <StoryImage {...props} />;
}
