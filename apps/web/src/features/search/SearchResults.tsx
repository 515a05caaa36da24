import type { SearchPage } from '@glimpse/contract';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { SearchIcon, SearchX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import { cn } from '../../ui/cn.ts';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { flattenResults } from './search.queries.ts';
import { SearchResultRow } from './SearchResultRow.tsx';
import { useEndOfList } from './use-end-of-list.ts';

interface SearchResultsProps {
  /** The text searched for ('' before anything is typed). */
  q: string;
  results: UseInfiniteQueryResult<InfiniteData<SearchPage>>;
}

/** What the search shows under the field: a hint, the results page after page, or why not. */
export function SearchResults({ q, results }: SearchResultsProps) {
  const { t } = useTranslation();
  const items = flattenResults(results.data);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = results;
  const endRef = useEndOfList<HTMLDivElement>(
    () => void fetchNextPage(),
    hasNextPage && !isFetchingNextPage && !results.isPlaceholderData,
    items.length,
  );

  if (q === '') {
    return (
      <EmptyState icon={<SearchIcon size={32} />} title={t('search.hintTitle')}>
        {t('search.hint')}
      </EmptyState>
    );
  }
  if (results.isError && !results.data) {
    return (
      <EmptyState title={t('common.somethingWentWrong')}>
        <p role="alert">{t('search.failed')}</p>
        <Button
          className="mt-4"
          onClick={() => void results.refetch()}
          disabled={results.isFetching}
        >
          {t('common.retry')}
        </Button>
      </EmptyState>
    );
  }
  if (results.isPending) {
    return (
      <div className="flex justify-center py-12">
        <Spinner label={t('search.searching')} />
      </div>
    );
  }
  // Results of the text before, while this one's are on their way.
  const stale = results.isPlaceholderData;
  const count = hasNextPage
    ? t('search.foundMore', { count: items.length })
    : t('search.found', { count: items.length });
  return (
    <>
      <p role="status" className="sr-only">
        {stale ? t('search.searching') : items.length > 0 ? count : ''}
      </p>
      {items.length === 0 ? (
        <EmptyState icon={<SearchX size={32} />} title={t('search.noneTitle', { q })}>
          {t('search.noneHint')}
        </EmptyState>
      ) : (
        <ul
          aria-label={t('search.results')}
          aria-busy={stale}
          className={cn('flex flex-col gap-1 transition-opacity', stale && 'opacity-60')}
        >
          {items.map((result) => (
            <SearchResultRow key={result.id} result={result} />
          ))}
        </ul>
      )}
      <div ref={endRef} className="flex min-h-12 items-center justify-center py-2">
        {isFetchingNextPage ? (
          <Spinner label={t('search.loadingMore')} />
        ) : results.isFetchNextPageError ? (
          <div className="flex flex-col items-center gap-2">
            <p role="alert" className="text-sm text-neutral-700">
              {t('search.failed')}
            </p>
            <Button variant="secondary" onClick={() => void fetchNextPage()}>
              {t('common.retry')}
            </Button>
          </div>
        ) : hasNextPage && !stale ? (
          // For keyboards and when the end of the list cannot be observed.
          <Button variant="ghost" onClick={() => void fetchNextPage()}>
            {t('search.showMore')}
          </Button>
        ) : null}
      </div>
    </>
  );
}
