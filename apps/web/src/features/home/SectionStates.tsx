import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import { cn } from '../../ui/cn.ts';

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

export function SectionEmpty({ text }: { text: string }) {
  return <p className="py-3 text-sm text-neutral-600">{text}</p>;
}

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
