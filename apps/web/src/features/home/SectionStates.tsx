import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { ErrorState } from '../../ui/ErrorState.tsx';
import { cn } from '../../ui/cn.ts';
import { clearFilter } from '../filter/index.ts';
import { useHomeActions } from './home-actions.ts';

/** Grey placeholders shaped like the list while it loads. */
export function SectionSkeleton({ variant }: { variant: 'row' | 'grid' }) {
  const { t } = useTranslation();
  const count = variant === 'row' ? 5 : 9;
  return (
    <div role="status" data-testid={`skeleton-${variant}`}>
      <span className="sr-only">{t('common.loading')}</span>
      <div
        aria-hidden="true"
        className={cn(
          'animate-pulse',
          variant === 'row'
            ? 'flex gap-3 overflow-hidden lg:gap-5'
            : 'grid grid-cols-3 gap-4 lg:grid-cols-6',
        )}
      >
        {Array.from({ length: count }, (_, index) => (
          <div key={index} className="flex flex-col items-center gap-2">
            {/* About a ringed avatar: 64 px (96 px on a desktop) plus the ring. */}
            <div className="size-18 rounded-full bg-neutral-200 lg:size-[106px]" />
            <div className="h-2.5 w-14 rounded bg-neutral-200" />
          </div>
        ))}
      </div>
    </div>
  );
}

/** An empty section: what is (not) there and what to do about it. */
export function SectionEmpty({ text, action }: { text: string; action?: ReactNode }) {
  return <EmptyState variant="section" title={text} action={action} />;
}

export const actionClass = 'min-h-10 px-3 text-sm';

/** For a list the saved filter emptied: change the filter, or clear it. */
export function FilterActions() {
  const { t } = useTranslation();
  const { openFilter } = useHomeActions();
  return (
    <>
      <Button variant="secondary" className={actionClass} onClick={openFilter}>
        {t('home.action.changeFilter')}
      </Button>
      <Button variant="ghost" className={actionClass} onClick={clearFilter}>
        {t('home.action.clearFilter')}
      </Button>
    </>
  );
}

/** One section's own failure (a profile's stories, say): its text and a retry. */
export function SectionError({ text, onRetry }: { text: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="flex flex-wrap items-center gap-3 py-2 text-sm text-neutral-700">
      {text}
      <Button variant="secondary" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </div>
  );
}

interface FailedList {
  refetch: () => Promise<unknown>;
  isFetching: boolean;
}

/**
 * The lists of a home tab that could not be loaded, as one alert with one retry for all of them
 * (a server that is down fails every list at once: one message, not one per section).
 */
export function HomeLoadError({ sections, lists }: { sections: string[]; lists: FailedList[] }) {
  const { t, i18n } = useTranslation();
  const names = new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(sections);
  return (
    <div className="px-4 pt-3 lg:px-8">
      <ErrorState
        inline
        title={t('home.loadFailedSections', { count: sections.length, sections: names })}
        busy={lists.some((list) => list.isFetching)}
        onRetry={() => lists.forEach((list) => void list.refetch())}
      />
    </div>
  );
}
