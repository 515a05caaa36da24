import { Eye } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../ui/cn.ts';

/** "12 watching", with an eye; the number is the stream's current viewers. */
export function ViewerCount({ count, className }: { count: number; className?: string }) {
  const { t } = useTranslation();
  return (
    <span className={cn('inline-flex items-center gap-1 tabular-nums', className)}>
      <Eye aria-hidden="true" size={14} className="shrink-0" />
      {t('live.viewers', { count })}
    </span>
  );
}
