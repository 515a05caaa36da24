import { useTranslation } from 'react-i18next';
import { cn } from '../../ui/cn.ts';
import { PROGRESS_FULL } from './viewer-state.ts';

interface StoryProgressBarsProps {
  count: number;
  current: number;
  /** 0 to 100 for the current story. */
  progress: number;
}

/** One bar per story: full for those seen, filling for the current one, empty after it. */
export function StoryProgressBars({ count, current, progress }: StoryProgressBarsProps) {
  const { t } = useTranslation();
  return (
    <div className="flex gap-1">
      <span className="sr-only">
        {t('viewer.position', { current: current + 1, total: count })}
      </span>
      {Array.from({ length: count }, (_, index) => {
        const fill = index < current ? PROGRESS_FULL : index === current ? progress : 0;
        return (
          <div
            key={index}
            aria-hidden="true"
            data-testid="story-progress"
            className="h-0.5 flex-1 overflow-hidden rounded-full bg-white/35"
          >
            <div
              // The current bar glides between progress reports (video sends ~4 a second).
              className={cn(
                'h-full bg-white',
                index === current && 'transition-[width] duration-250 ease-linear',
              )}
              style={{ width: `${fill}%` }}
            />
          </div>
        );
      })}
    </div>
  );
}
