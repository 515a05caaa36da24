import { SWIPE_MIN_PX } from '@glimpse/contract';
import { X } from 'lucide-react';
import { Dialog as RadixDialog, VisuallyHidden } from 'radix-ui';
import { useRef, useState, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useHideBottomNav } from '../../ui/bottom-nav-visibility.ts';
import { IconButton } from '../../ui/Button.tsx';
import { modalOverlayClass } from '../../ui/modal-surfaces.ts';
import { previewSrc, type StoryMedia } from './story-media.ts';

interface ChatStoryFullscreenProps {
  media: StoryMedia;
  /** The story's creator, for the accessible names. */
  name: string;
  onClose: () => void;
}

interface Drag {
  pointerId: number;
  x: number;
  y: number;
}

/**
 * A chat story full screen (spec 4): the image, or the video with its mp4 and webm sources and
 * poster. Swiping down (SWIPE_MIN_PX or more) or Escape closes it.
 */
export function ChatStoryFullscreen({ media, name, onClose }: ChatStoryFullscreenProps) {
  const { t } = useTranslation();
  const dragRef = useRef<Drag | null>(null);
  const [dragY, setDragY] = useState(0);
  const [imageSrc, setImageSrc] = useState(previewSrc(media));
  useHideBottomNav(true);

  function handlePointerDown(event: PointerEvent<HTMLDivElement>) {
    if (dragRef.current) return;
    dragRef.current = {
      pointerId: event.pointerId,
      x: event.clientX,
      y: event.clientY,
    };
  }

  function handlePointerMove(event: PointerEvent<HTMLDivElement>) {
    const drag = dragRef.current;
    if (drag?.pointerId !== event.pointerId) return;
    setDragY(Math.max(0, event.clientY - drag.y));
  }

  function handlePointerEnd(event: PointerEvent<HTMLDivElement>) {
    const drag = dragRef.current;
    if (drag?.pointerId !== event.pointerId) return;
    dragRef.current = null;
    setDragY(0);
    if (event.type === 'pointercancel') return;
    const dx = event.clientX - drag.x;
    const dy = event.clientY - drag.y;
    // The story viewer's rule (spec 9): a swipe is SWIPE_MIN_PX or more, mostly vertical.
    if (dy >= SWIPE_MIN_PX && dy > Math.abs(dx)) onClose();
  }

  function handleImageError() {
    // The WebP failed (an old browser): the JPEG is the fallback.
    if (media.overlay_image_src && imageSrc !== media.overlay_image_src) {
      setImageSrc(media.overlay_image_src);
    }
  }

  return (
    <RadixDialog.Root open onOpenChange={(open) => !open && onClose()}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={modalOverlayClass} />
        <RadixDialog.Content
          aria-describedby={undefined}
          className="media-surface fixed inset-0 z-50 flex flex-col bg-black text-white focus-visible:outline-none"
        >
          <VisuallyHidden.Root>
            <RadixDialog.Title>{t('chatMedia.story.viewerTitle', { name })}</RadixDialog.Title>
          </VisuallyHidden.Root>
          <div className="absolute top-0 right-0 z-10 p-2">
            <RadixDialog.Close asChild>
              <IconButton label={t('chatMedia.story.close')} tone="overlay">
                <X aria-hidden="true" size={26} />
              </IconButton>
            </RadixDialog.Close>
          </div>
          <div
            onPointerDown={handlePointerDown}
            onPointerMove={handlePointerMove}
            onPointerUp={handlePointerEnd}
            onPointerCancel={handlePointerEnd}
            style={
              dragY ? { transform: `translateY(${dragY}px)`, opacity: 1 - dragY / 600 } : undefined
            }
            className="flex min-h-0 flex-1 touch-none items-center justify-center select-none"
          >
            {media.is_video ? (
              <video
                className="h-full w-full max-w-[540px] object-contain"
                poster={media.overlay_image_src ?? media.overlay_src ?? undefined}
                aria-label={t('chatMedia.story.videoLabel', { name })}
                autoPlay
                controls
                playsInline
                preload="auto"
              >
                {/* mp4 first: Safari plays it; the others take it too, webm is the alternative. */}
                {media.mp4_video_src && <source src={media.mp4_video_src} type="video/mp4" />}
                {media.webm_video_src && <source src={media.webm_video_src} type="video/webm" />}
              </video>
            ) : (
              imageSrc && (
                <img
                  src={imageSrc}
                  alt={media.text || t('chatMedia.story.imageAlt', { name })}
                  draggable={false}
                  onError={handleImageError}
                  className="h-full w-full max-w-[540px] object-contain"
                />
              )
            )}
          </div>
          <div className="flex flex-col items-center gap-1 px-4 pt-2 pb-[max(1rem,env(safe-area-inset-bottom))]">
            {media.text && <p className="max-w-[540px] text-center text-base">{media.text}</p>}
            <p className="text-xs text-white/70 lg:hidden">{t('chatMedia.story.swipeHint')}</p>
          </div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
