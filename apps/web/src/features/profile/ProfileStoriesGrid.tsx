import type { Story } from '@glimpse/contract';
import { Lock, Play } from 'lucide-react';
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatMoney } from '../../lib/money.ts';
import { focusRing } from '../../ui/Button.tsx';
import { cn } from '../../ui/cn.ts';
import { STORY_TILE_SIZES } from '../../ui/picture-sizes.ts';
import { ResponsiveImage } from '../../ui/ResponsiveImage.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { SectionError } from '../home/index.ts';
import { useStoryViewer } from '../home/index.ts';
import { useStoryGroup } from '../story-viewer/index.ts';

/**
 * The creator's stories as tiles, 3 to a row on a phone and 4 or 5 on a desktop; a locked one
 * shows a lock and its price, never its media.
 */
export function ProfileStoriesGrid({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const headingId = useId();
  const viewer = useStoryViewer();
  const group = useStoryGroup(userId);

  function handleOpen(storyIndex: number) {
    viewer.open({ userIds: [userId], startUserIndex: 0, startStoryIndex: storyIndex });
  }

  // `?story={id}` (a notification's link) opens the viewer at that story, once: the query goes,
  // so Back or a reload shows the profile. A story that is gone leaves the profile as it is.
  const [searchParams, setSearchParams] = useSearchParams();
  const linkedStory = Number(searchParams.get('story')) || null;
  const stories = group.data?.stories;
  useEffect(() => {
    if (linkedStory === null || !stories) return;
    setSearchParams(
      (params) => {
        params.delete('story');
        return params;
      },
      { replace: true },
    );
    const index = stories.findIndex((story) => story.id === linkedStory);
    if (index >= 0) viewer.open({ userIds: [userId], startUserIndex: 0, startStoryIndex: index });
  }, [linkedStory, stories, setSearchParams, viewer, userId]);

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3 px-5 pb-8 lg:px-8">
      <h2 id={headingId} className="text-base font-bold text-neutral-900">
        {t('home.publicProfile.stories')}
      </h2>
      {group.isPending ? (
        <Spinner />
      ) : group.isError ? (
        <SectionError
          text={t('home.publicProfile.storiesFailed')}
          onRetry={() => void group.refetch()}
        />
      ) : group.data.stories.length === 0 ? (
        <p className="text-sm text-neutral-600">{t('home.publicProfile.noStories')}</p>
      ) : (
        <ul className="grid grid-cols-3 gap-1.5 lg:grid-cols-4 lg:gap-3 xl:grid-cols-5">
          {group.data.stories.map((story, index) => (
            <li key={story.id}>
              <StoryTile story={story} index={index} onOpen={() => handleOpen(index)} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function StoryTile({ story, index, onOpen }: { story: Story; index: number; onOpen: () => void }) {
  const { t } = useTranslation();
  const locked = !story.isAvailable;
  const price = story.price === null ? '' : formatMoney(story.price);
  const poster = story.overlay_image_src ?? story.overlay_src;
  return (
    <button
      type="button"
      onClick={onOpen}
      aria-label={
        locked
          ? t('home.publicProfile.lockedStory', { n: index + 1, price })
          : t('home.publicProfile.openStory', { n: index + 1 })
      }
      data-locked={locked}
      className={cn(
        'relative flex aspect-[9/16] w-full items-center justify-center overflow-hidden rounded-xl bg-neutral-200',
        focusRing,
      )}
    >
      {locked ? (
        <span className="flex flex-col items-center gap-1 text-sm font-semibold text-neutral-800">
          <Lock aria-hidden="true" size={22} />
          <span>{price || t('home.publicProfile.locked')}</span>
        </span>
      ) : (
        <>
          {poster && (
            <ResponsiveImage
              src={poster}
              srcSet={story.overlay_srcset}
              // Three tiles across a phone; the first two rows show without scrolling.
              sizes={STORY_TILE_SIZES}
              width={270}
              height={480}
              lazy={index >= 6}
              alt=""
              className="absolute inset-0 size-full object-cover"
            />
          )}
          {story.is_video && (
            <Play
              aria-hidden="true"
              size={22}
              className="media-surface relative fill-white text-white drop-shadow"
            />
          )}
        </>
      )}
    </button>
  );
}
