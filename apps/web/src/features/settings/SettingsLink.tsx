import { Settings } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { routes } from '../../routes.ts';
import { focusRing } from '../../ui/Button.tsx';
import { cn } from '../../ui/cn.ts';

/** The way to the settings: a gear in the own profile's header. */
export function SettingsLink() {
  const { t } = useTranslation();
  const label = t('common.nav.settings');
  return (
    <Link
      to={routes['user.own.settings']()}
      aria-label={label}
      title={label}
      className={cn(
        'inline-flex size-11 shrink-0 items-center justify-center rounded-full text-neutral-800 hover:bg-neutral-100',
        focusRing,
      )}
    >
      <Settings aria-hidden="true" size={22} />
    </Link>
  );
}
