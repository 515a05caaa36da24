import './settings-texts.ts';
import { LogOut } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { routes } from '../../routes.ts';
import { Button } from '../../ui/Button.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { useSnackbar } from '../../ui/snackbar.ts';
import { DeletionScheduledNotice, UnverifiedEmailNotice } from '../account/index.ts';
import { useMe, useSignOut } from '../auth/index.ts';
import { LanguageSelect } from './LanguageSelect.tsx';
import {
  ModerationConsoleLink,
  NotificationSettingsLink,
  SecurityLink,
  StandingLink,
} from './SecurityLink.tsx';
import { ThemeChoice } from './ThemeChoice.tsx';

/**
 * user.own.settings: appearance, language, the way to the account's security and signing out.
 * Theme and language are kept in this browser; the language is also the account's, for mails.
 */
export function SettingsScreen() {
  const { t } = useTranslation();
  const signOut = useSignOut();
  const { notifyError } = useSnackbar();
  const role = useMe().data?.role;

  return (
    <>
      <PageHeader title={t('settings.title')} fallback={routes['user.own.profile.view']()} />
      <main id="main" className="flex flex-1 flex-col gap-4 px-4 py-4 lg:max-w-2xl lg:px-8 lg:py-6">
        <DeletionScheduledNotice />
        <UnverifiedEmailNotice />
        <SettingsSection heading={t('settings.appearance.heading')}>
          <ThemeChoice />
        </SettingsSection>
        <SettingsSection heading={t('settings.language.heading')}>
          <LanguageSelect />
        </SettingsSection>
        <SettingsSection heading={t('settings.notifications.heading')}>
          <NotificationSettingsLink />
        </SettingsSection>
        <SettingsSection heading={t('settings.account.heading')}>
          <SecurityLink />
          <StandingLink />
          {(role === 'moderator' || role === 'admin') && <ModerationConsoleLink />}
          <Button
            variant="secondary"
            className="self-start"
            onClick={() => signOut.mutate(undefined, { onError: notifyError })}
            disabled={signOut.isPending}
          >
            <LogOut aria-hidden="true" size={18} />
            {t('auth.signOut')}
          </Button>
        </SettingsSection>
      </main>
    </>
  );
}

function SettingsSection({ heading, children }: { heading: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-xl border border-neutral-200 bg-white p-4"
    >
      <h2 id={headingId} className="text-base font-semibold text-neutral-900">
        {heading}
      </h2>
      {children}
    </section>
  );
}
