import './notifications-texts.ts';
import { useTranslation } from 'react-i18next';
import { routes } from '../../routes.ts';
import { ErrorState } from '../../ui/ErrorState.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { useSnackbar } from '../../ui/snackbar.ts';
import { PageSpinner } from '../../ui/Spinner.tsx';
import { PushSection } from '../push/index.ts';
import { ChannelPreferences } from './ChannelPreferences.tsx';
import { MutedCreatorsSection } from './MutedCreatorsSection.tsx';
import { useNotificationSettings, useUpdateNotificationSettings } from './notifications.queries.ts';
import { QuietHoursSection } from './QuietHoursSection.tsx';
import { SettingsCard } from './SettingsCard.tsx';

/**
 * user.own.settings.notifications: which events notify on which channel, quiet hours and the
 * time zone, and the muted creators. Each change is saved as it is made.
 */
export function NotificationSettingsScreen() {
  const { t } = useTranslation();
  const settings = useNotificationSettings();
  const update = useUpdateNotificationSettings();
  const { notifyError } = useSnackbar();
  const save: typeof update.mutate = (body, options) =>
    update.mutate(body, { onError: notifyError, ...options });

  return (
    <>
      <PageHeader
        title={t('notifications.settings.title')}
        fallback={routes['user.own.settings']()}
      />
      {settings.isPending ? (
        <PageSpinner />
      ) : settings.isError ? (
        <ErrorState
          title={t('notifications.settings.loadFailed')}
          onRetry={() => void settings.refetch()}
        />
      ) : (
        <main
          id="main"
          className="flex flex-1 flex-col gap-4 px-4 py-4 lg:max-w-3xl lg:px-8 lg:py-6"
        >
          <PushSection />
          <SettingsCard
            heading={t('notifications.settings.channels.heading')}
            hint={t('notifications.settings.channels.hint')}
          >
            <ChannelPreferences
              types={settings.data.types}
              onChange={(preference) => save({ types: [preference] })}
            />
          </SettingsCard>
          <QuietHoursSection settings={settings.data} save={save} />
          <MutedCreatorsSection muted={settings.data.muted} />
        </main>
      )}
    </>
  );
}
