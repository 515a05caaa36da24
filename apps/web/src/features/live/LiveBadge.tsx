import { useTranslation } from 'react-i18next';
import { cn } from '../../ui/cn.ts';

/** The red LIVE pill over a live creator's photo, a player or the creator's own preview. */
export function LiveBadge({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-md bg-red-600 px-1.5 py-0.5 text-[11px] leading-none font-bold tracking-wide text-white uppercase',
        className,
      )}
    >
      {t('live.badge')}
    </span>
  );
}
