import { House, MessageCircle, Radio, UserRound, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { routes } from '../routes.ts';

export interface NavDestination {
  to: string;
  label: string;
  icon: LucideIcon;
  /** Active only on this exact path (home would otherwise match every path). */
  end?: boolean;
}

/** The top-level sections, in the order both navigations (bottom bar and rail) show them. */
export function useSectionDestinations(): NavDestination[] {
  const { t } = useTranslation();
  return [
    { to: routes['auth.home'](), label: t('common.nav.home'), icon: House, end: true },
    { to: routes['user.own.messages'](), label: t('common.nav.messages'), icon: MessageCircle },
    { to: routes['user.own.channels'](), label: t('common.nav.channels'), icon: Radio },
    { to: routes['user.own.profile.view'](), label: t('common.nav.profile'), icon: UserRound },
  ];
}
