import type { StoryViewer } from '@glimpse/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTimeAgo } from '../../lib/relative-time.ts';
import { routes } from '../../routes.ts';
import { Button } from '../../ui/Button.tsx';
import { PersonRow } from '../../ui/PersonRow.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { Disclosure } from './Disclosure.tsx';
import { LoadError } from './LoadError.tsx';
import { useStoryViewers } from './own-stories.queries.ts';

interface StoryViewersPanelProps {
  storyId: number;
  /** How many have watched it (the story's view count). */
  count: number;
}

/**
 * Who watched the current story: "Viewers" with the count, opening to the people, newest
 * first, a page at a time (GET /api/stories/{id}/viewers), loaded when first opened.
 */
export function StoryViewersPanel({ storyId, count }: StoryViewersPanelProps) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const viewers = useStoryViewers(storyId, opened);
  const people = viewers.data?.pages.flatMap((page) => page.data) ?? [];
  return (
    <section aria-label={t('ownStories.viewers.title')} className="px-4">
      <Disclosure
        title={t('ownStories.viewers.title')}
        summary={<span className="text-sm text-neutral-700 tabular-nums">{count}</span>}
        onOpenChange={(open) => open && setOpened(true)}
      >
        {viewers.isPending ? (
          opened && <Spinner className="mx-auto" label={t('ownStories.viewers.loading')} />
        ) : viewers.isError ? (
          <LoadError onRetry={() => void viewers.refetch()} />
        ) : people.length === 0 ? (
          <p className="text-neutral-600">{t('ownStories.viewers.none')}</p>
        ) : (
          <>
            <ul className="-mx-3 max-h-72 overflow-y-auto overscroll-contain">
              {people.map((viewer) => (
                <ViewerRow key={viewer.id} viewer={viewer} />
              ))}
            </ul>
            {viewers.hasNextPage && (
              <Button
                variant="secondary"
                className="mt-2 w-full"
                disabled={viewers.isFetchingNextPage}
                onClick={() => void viewers.fetchNextPage()}
              >
                {viewers.isFetchingNextPage
                  ? t('ownStories.viewers.loading')
                  : t('ownStories.viewers.more')}
              </Button>
            )}
          </>
        )}
      </Disclosure>
    </section>
  );
}

function ViewerRow({ viewer }: { viewer: StoryViewer }) {
  const { i18n } = useTranslation();
  return (
    <PersonRow
      name={viewer.name}
      image={viewer.avatar_thumb_url}
      to={routes['otherUser.profile.viewSlug']({ slug: viewer.slug })}
      details={
        <time dateTime={viewer.watched_at} className="text-xs text-neutral-600">
          {formatTimeAgo(viewer.watched_at, i18n.language)}
        </time>
      }
    />
  );
}
