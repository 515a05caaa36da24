import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { useSentinel } from './use-sentinel.ts';

interface PagingFooterProps {
  list: UseInfiniteQueryResult<InfiniteData<unknown>>;
  sentinelTestId?: string;
}

/**
 * The end of a paged grid (Discover, in both tabs): the next page loads when the end comes into
 * view; a spinner while it loads, a retry when it failed.
 */
export function PagingFooter({ list, sentinelTestId }: PagingFooterProps) {
  const { t } = useTranslation();
  // Not while any fetch is in flight: fetching the next page cancels a refetch under way (after
  // a follow, say), which would leave the stale first pages with a fresh one appended.
  const canLoadMore =
    list.isSuccess && list.hasNextPage && !list.isFetching && !list.isFetchNextPageError;
  const sentinelRef = useSentinel<HTMLDivElement>(() => void list.fetchNextPage(), {
    enabled: canLoadMore,
    resetKey: list.data?.pages.length,
  });
  return (
    <>
      {list.isFetchingNextPage && <Spinner className="py-4" label={t('home.loadingMore')} />}
      {list.isFetchNextPageError && (
        <div className="flex items-center justify-center gap-3 py-2 text-sm text-neutral-700">
          {t('home.loadMoreFailed')}
          <Button variant="secondary" onClick={() => void list.fetchNextPage()}>
            {t('common.retry')}
          </Button>
        </div>
      )}
      {list.hasNextPage && (
        <div ref={sentinelRef} aria-hidden="true" data-testid={sentinelTestId} className="h-px" />
      )}
    </>
  );
}
