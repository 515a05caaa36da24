import { useEffect, useEffectEvent } from 'react';
import { afterImageShown } from '../../lib/after-next-frame.ts';
import { openingStory, storyPicture, STORY_IMAGE_SIZES } from './story-picture.ts';
import { useStoryGroup } from './story-viewer.queries.ts';
import { STORY_FRAME_CLASS, STORY_MEDIA_BOX_CLASS } from './viewer-frame.ts';

interface OpeningPictureProps {
  userId: number | undefined;
  startStoryIndex?: number;
  /** The picture has been drawn, or there is none to draw (locked, failed, no poster). */
  onShown: () => void;
}

/**
 * The opening story's picture, where the viewer will show it, while the viewer's code is still
 * on its way: on a slow phone the story is then on screen as soon as its picture has arrived
 * (the open() call asked for it at once), and the controls join it a moment later. Nothing for
 * a locked story or before the creator's stories have arrived. Decorative: the viewer that
 * replaces it names the story.
 */
export function OpeningPicture({ userId, startStoryIndex, onShown }: OpeningPictureProps) {
  const group = useStoryGroup(userId);
  const story = group.data && openingStory(group.data, startStoryIndex);
  const picture = story && storyPicture(story);
  const nothingToShow = group.isError || (group.data !== undefined && !picture);
  const reportShown = useEffectEvent(onShown);
  useEffect(() => {
    if (nothingToShow) reportShown();
  }, [nothingToShow]);
  if (!picture) return null;
  return (
    <div data-testid="opening-picture" className="flex h-full items-center justify-center">
      <div className={STORY_FRAME_CLASS}>
        <div className={STORY_MEDIA_BOX_CLASS}>
          <img
            src={picture.src}
            srcSet={picture.srcSet}
            sizes={STORY_IMAGE_SIZES}
            alt=""
            draggable={false}
            fetchPriority="high"
            className="h-full w-full object-contain"
            onLoad={(event) => afterImageShown(event.currentTarget, onShown)}
            onError={onShown}
          />
        </div>
      </div>
    </div>
  );
}
