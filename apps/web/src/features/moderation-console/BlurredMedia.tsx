import { Eye, EyeOff } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';

interface StoryMedia {
  is_video: boolean;
  image_url: string | null;
  video_url: string | null;
  poster_url: string | null;
}

/**
 * A story's picture or video, blurred until the moderator asks to see it (they may look at
 * material nobody should see unwarned); the toggle names what it does. `fallback` shows when
 * the answer carries no media. Text keys come from the caller's namespace (queue or review).
 */
export function BlurredMedia({
  item,
  textKeys,
  fallback = null,
}: {
  item: StoryMedia;
  textKeys: { media: string; showMedia: string; hideMedia: string };
  fallback?: ReactNode;
}) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  const blur = shown ? '' : 'blur-2xl';
  const media = item.is_video
    ? item.video_url && (
        <video
          src={item.video_url}
          poster={item.poster_url ?? undefined}
          controls={shown}
          muted
          playsInline
          aria-label={t(textKeys.media)}
          className={`max-h-96 w-full rounded-lg bg-black object-contain ${blur}`}
        />
      )
    : item.image_url && (
        <img
          src={item.image_url}
          alt={t(textKeys.media)}
          className={`max-h-96 w-full rounded-lg bg-neutral-200 object-contain ${blur}`}
        />
      );
  if (!media) return fallback;
  return (
    <div className="flex flex-col gap-2">
      <div className="overflow-hidden rounded-lg">{media}</div>
      <Button
        variant="secondary"
        className="self-start"
        aria-pressed={shown}
        aria-label={t(shown ? textKeys.hideMedia : textKeys.showMedia)}
        onClick={() => setShown(!shown)}
      >
        {shown ? <EyeOff aria-hidden="true" size={18} /> : <Eye aria-hidden="true" size={18} />}
        {t(shown ? 'moderation.item.hide' : 'moderation.item.show')}
      </Button>
    </div>
  );
}
