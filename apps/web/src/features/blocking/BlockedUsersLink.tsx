import './blocking-texts.ts';
import { ShieldBan } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { routes } from '../../routes.ts';
import { buttonClass } from '../../ui/Button.tsx';

/** The way to the blocked-users list, for the own profile's settings. */
export function BlockedUsersLink({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <Link to={routes['user.own.profile.blocked']()} className={buttonClass('secondary', className)}>
      <ShieldBan aria-hidden="true" size={18} />
      {t('blocking.screen.link')}
    </Link>
  );
}
