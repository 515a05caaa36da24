import type { NotificationSettings } from '@glimpse/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { call } from '../../lib/api.ts';
import { routes } from '../../routes.ts';
import { Avatar } from '../../ui/Avatar.tsx';
import { Button, focusRing } from '../../ui/Button.tsx';
import { cn } from '../../ui/cn.ts';
import { useSnackbar } from '../../ui/snackbar.ts';
import { notificationKeys } from './notifications.queries.ts';
import { SettingsCard } from './SettingsCard.tsx';

type Muted = NotificationSettings['muted'][number];

/** The people muted from a profile's menu, each with Unmute. */
export function MutedCreatorsSection({ muted }: { muted: Muted[] }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { notify, notifyError } = useSnackbar();
  const [pending, setPending] = useState<number | null>(null);

  async function unmute(user: Muted) {
    setPending(user.id);
    try {
      await call('unmuteCreator', { params: { id: user.id } });
      queryClient.setQueryData<NotificationSettings>(
        notificationKeys.settings,
        (settings) =>
          settings && {
            ...settings,
            muted: settings.muted.filter((other) => other.id !== user.id),
          },
      );
      notify.success(t('notifications.settings.muted.unmuted', { name: user.name }));
    } catch (error) {
      notifyError(error);
    } finally {
      setPending(null);
    }
  }

  return (
    <SettingsCard
      heading={t('notifications.settings.muted.heading')}
      hint={t('notifications.settings.muted.hint')}
    >
      {muted.length === 0 ? (
        <p className="text-sm text-neutral-600">{t('notifications.settings.muted.empty')}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-neutral-200">
          {muted.map((user) => (
            <li key={user.id} className="flex items-center gap-3 py-2">
              <Link
                to={routes['otherUser.profile.viewSlug']({ slug: user.slug })}
                className={cn('flex min-w-0 flex-1 items-center gap-3 rounded-xl', focusRing)}
              >
                <Avatar src={user.avatar_url} name={user.name} size="sm" alt="" />
                <span className="truncate font-medium text-neutral-900">{user.name}</span>
              </Link>
              <Button
                variant="secondary"
                className="shrink-0 px-3 text-sm"
                aria-label={t('notifications.settings.muted.unmuteNamed', { name: user.name })}
                disabled={pending === user.id}
                onClick={() => void unmute(user)}
              >
                {t('notifications.settings.muted.unmute')}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </SettingsCard>
  );
}
