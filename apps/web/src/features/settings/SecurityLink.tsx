import { BellDot, ChevronRight, Scale, Shield, ShieldCheck, type LucideIcon } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { routes } from '../../routes.ts';
import { focusRing } from '../../ui/Button.tsx';
import { cn } from '../../ui/cn.ts';

/** The way to the account security screen: the address, the password, the signed-in devices. */
export function SecurityLink() {
  const { t } = useTranslation();
  return (
    <SettingsPageLink
      to={routes['user.own.settings.security']()}
      icon={ShieldCheck}
      label={t('settings.security.link')}
      hint={t('settings.security.linkHint')}
    />
  );
}

/** The way to the notification settings: the channels of each event, quiet hours, mutes. */
export function NotificationSettingsLink() {
  const { t } = useTranslation();
  return (
    <SettingsPageLink
      to={routes['user.own.settings.notifications']()}
      icon={BellDot}
      label={t('settings.notifications.link')}
      hint={t('settings.notifications.linkHint')}
    />
  );
}

/** The account's standing: warnings, removed content, a suspension or payout hold, appeals. */
export function StandingLink() {
  const { t } = useTranslation();
  return (
    <SettingsPageLink
      to={routes['user.own.settings.standing']()}
      icon={Scale}
      label={t('settings.standing.link')}
      hint={t('settings.standing.linkHint')}
    />
  );
}

/** The moderation console, for staff (the way there on a phone, where there is no rail). */
export function ModerationConsoleLink() {
  const { t } = useTranslation();
  return (
    <SettingsPageLink
      to={routes['moderation.console']()}
      icon={Shield}
      label={t('settings.moderation.link')}
      hint={t('settings.moderation.linkHint')}
    />
  );
}

function SettingsPageLink({
  to,
  icon: Icon,
  label,
  hint,
}: {
  to: string;
  icon: LucideIcon;
  label: string;
  hint: string;
}) {
  const hintId = useId();
  return (
    <Link
      to={to}
      aria-describedby={hintId}
      className={cn(
        'flex min-h-14 items-center gap-3 rounded-xl border border-neutral-200 px-3 py-2 hover:bg-neutral-50',
        focusRing,
      )}
    >
      <Icon aria-hidden="true" size={22} className="shrink-0 text-neutral-700" />
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="font-medium text-neutral-900">{label}</span>
        {/* Out of the link's name, read as its description. */}
        <span id={hintId} aria-hidden="true" className="text-sm text-neutral-600">
          {hint}
        </span>
      </span>
      <ChevronRight aria-hidden="true" size={20} className="shrink-0 text-neutral-500" />
    </Link>
  );
}
