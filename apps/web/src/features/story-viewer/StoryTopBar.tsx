import type { Story, StoryGroup } from '@glimpse/contract';
import { Pause, Volume2, VolumeX, X } from 'lucide-react';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTimeAgo } from '../../lib/relative-time.ts';
import { routes } from '../../routes.ts';
import { Avatar } from '../../ui/Avatar.tsx';
import { focusRing, IconButton } from '../../ui/Button.tsx';
import { cn } from '../../ui/cn.ts';
import { StoryMoreMenu } from './StoryMoreMenu.tsx';
import { StoryProgressBars } from './StoryProgressBars.tsx';

interface StoryTopBarProps {
  group: StoryGroup;
  story: Story;
  storyIndex: number;
  progress: number;
  /** Text and controls hidden (middle tap or hold); the progress bars stay. */
  hidden: boolean;
  paused: boolean;
  muted: boolean;
  repeat: boolean;
  onTogglePause: () => void;
  onMutedChange: (muted: boolean) => void;
  onRepeatChange: (repeat: boolean) => void;
  onReport: () => void;
  /** The "More" menu opened or closed (the story waits while it is open). */
  onMenuOpenChange: (open: boolean) => void;
  onClose: () => void;
  onOpenProfile: (slug: string) => void;
}

/**
 * Progress bars, the creator's name (to their profile) and the viewer's controls. Sound, pause
 * and close stay in sight; repeat and report wait in the "More" menu, so on a phone the name
 * keeps its room instead of shrinking to a few letters behind five icons.
 */
export function StoryTopBar(props: StoryTopBarProps) {
  const { t, i18n } = useTranslation();
  const { group, story } = props;
  const isVideo = story.isAvailable && story.is_video;
  const isOwn = story.user_id === group.auth_id;
  const hasSound = !story.video_meta.muted;

  function handleNameClick(event: MouseEvent<HTMLAnchorElement>) {
    // Let the browser handle new-tab clicks; a plain click closes the viewer and navigates.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
      return;
    event.preventDefault();
    props.onOpenProfile(group.slug);
  }

  return (
    // Only the controls take pointers: a tap on the bar's empty space still reaches the story.
    <div className="pointer-events-none absolute inset-x-0 top-0 z-30 bg-linear-to-b from-black/60 to-transparent px-3 pt-3 pb-8">
      <StoryProgressBars
        count={group.stories.length}
        current={props.storyIndex}
        progress={props.progress}
      />
      <div className={cn('mt-2 flex items-center', props.hidden && 'invisible')}>
        <a
          href={routes['otherUser.profile.viewSlug']({ slug: group.slug })}
          onClick={handleNameClick}
          className={cn(
            'pointer-events-auto mr-auto flex min-w-0 items-center gap-2 rounded-full pr-1 font-semibold',
            focusRing,
          )}
        >
          <span aria-hidden="true">
            <Avatar
              src={group.profileImage}
              srcSet={group.avatar_srcset}
              name={group.name}
              size="sm"
            />
          </span>
          {/* How long ago it was posted, under the name: beside it, a phone's header with four
              controls had no room left for the whole name. */}
          <span className="flex min-w-0 flex-col leading-tight">
            <span data-testid="creator-name" className="truncate drop-shadow">
              {group.name}
            </span>{' '}
            {/* The space keeps the link's name "Ada 2h ago", not "Ada2h ago"; flex drops it. */}
            <time
              dateTime={story.created_date}
              className="text-xs font-normal text-white/85 drop-shadow"
            >
              {formatTimeAgo(story.created_date, i18n.language)}
            </time>
          </span>
        </a>
        {isVideo && (
          // Its name says what a press does (Mute / Unmute) and its icon what is on: a pressed
          // state would put it on a grey disc the controls beside it do not have.
          <IconButton
            tone="overlay"
            label={
              !hasSound ? t('viewer.noSound') : props.muted ? t('viewer.unmute') : t('viewer.mute')
            }
            disabled={!hasSound}
            onClick={() => props.onMutedChange(!props.muted)}
          >
            {hasSound && !props.muted ? (
              <Volume2 aria-hidden="true" size={22} />
            ) : (
              <VolumeX aria-hidden="true" size={22} />
            )}
          </IconButton>
        )}
        <IconButton
          tone="overlay"
          label={t('viewer.pause')}
          aria-pressed={props.paused}
          onClick={props.onTogglePause}
        >
          <Pause aria-hidden="true" size={22} />
        </IconButton>
        {(isVideo || !isOwn) && (
          <StoryMoreMenu
            repeat={isVideo ? props.repeat : undefined}
            onRepeatChange={props.onRepeatChange}
            onReport={isOwn ? undefined : props.onReport}
            onOpenChange={props.onMenuOpenChange}
          />
        )}
        <IconButton tone="overlay" label={t('viewer.close')} onClick={props.onClose}>
          <X aria-hidden="true" size={26} />
        </IconButton>
      </div>
    </div>
  );
}
