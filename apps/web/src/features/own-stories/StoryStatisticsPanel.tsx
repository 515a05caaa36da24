import type { StoryStatistics } from '@glimpse/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/money.ts';
import { cn } from '../../ui/cn.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { Disclosure } from './Disclosure.tsx';
import { LoadError } from './LoadError.tsx';
import { useStoryStatistics } from './own-stories.queries.ts';

function Section({
  title,
  total,
  children,
}: {
  title: string;
  total: number;
  children: ReactNode;
}) {
  return (
    <Disclosure title={title} summary={<span className="tabular-nums">{formatMoney(total)}</span>}>
      {children}
    </Disclosure>
  );
}

function Lists({ statistics }: { statistics: StoryStatistics }) {
  const { t } = useTranslation();
  return (
    <>
      <Section title={t('ownStories.stats.purchased')} total={statistics.purchased_total}>
        {statistics.purchased.length === 0 ? (
          <p className="text-neutral-600">{t('ownStories.stats.noPurchases')}</p>
        ) : (
          <ul className="flex flex-col gap-1">
            {statistics.purchased.map((purchase, index) => (
              <li key={`${index}-${purchase.username}`} className="flex justify-between gap-2">
                <span className="truncate">{purchase.username}</span>
                <span className="tabular-nums">{formatMoney(purchase.price)}</span>
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section title={t('ownStories.stats.tips')} total={statistics.tips_total}>
        {statistics.tips.length === 0 ? (
          <p className="text-neutral-600">{t('ownStories.stats.noTips')}</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {statistics.tips.map((tip, index) => (
              <li key={`${index}-${tip.username}`} className="flex flex-col">
                <span className="flex justify-between gap-2">
                  <span className="truncate">{tip.username}</span>
                  <span className="tabular-nums">{formatMoney(tip.price)}</span>
                </span>
                {tip.title && <q className="text-neutral-700 italic">{tip.title}</q>}
              </li>
            ))}
          </ul>
        )}
      </Section>
      <p className="flex justify-between px-3 font-semibold">
        <span>{t('ownStories.stats.total')}</span>
        <span className="tabular-nums">{formatMoney(statistics.total)}</span>
      </p>
    </>
  );
}

/** Earnings of the current story, for verified creators (spec 2); reloaded per story. */
export function StoryStatisticsPanel({ storyId }: { storyId: number }) {
  const { t } = useTranslation();
  const statistics = useStoryStatistics(storyId, true);
  return (
    <section
      aria-label={t('ownStories.stats.title')}
      // While the next story's figures load, the last ones stay (dimmed) at the same height:
      // the sheet is anchored at the bottom, so a shrinking panel would move the carousel
      // between the two clicks of a double-click.
      aria-busy={statistics.isPlaceholderData}
      className={cn('flex flex-col gap-2 px-4', statistics.isPlaceholderData && 'opacity-50')}
    >
      {statistics.isPending ? (
        <Spinner className="self-center" />
      ) : statistics.isError ? (
        <LoadError onRetry={() => void statistics.refetch()} />
      ) : (
        <Lists statistics={statistics.data} />
      )}
    </section>
  );
}
