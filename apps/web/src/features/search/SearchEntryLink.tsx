import { Search } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { routes } from '../../routes.ts';
import { focusRing } from '../../ui/Button.tsx';
import { cn } from '../../ui/cn.ts';

/** The round search button of a header: opens the full-screen search. */
export function SearchEntryLink({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <Link
      to={routes.search()}
      aria-label={t('common.nav.search')}
      title={t('common.nav.search')}
      className={cn(
        'inline-flex size-11 items-center justify-center rounded-full text-neutral-800 hover:bg-neutral-100',
        focusRing,
        className,
      )}
    >
      <Search aria-hidden="true" size={22} />
    </Link>
  );
}
