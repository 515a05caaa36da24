import './mute-texts.ts';
import type { NotificationSettings } from '@glimpse/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { BellOff, BellRing } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { call } from '../../lib/api.ts';
import { useIdleAfterLoad } from '../../lib/idle.ts';
import type { MenuAction } from '../../ui/OverflowMenu.tsx';
import { useSnackbar } from '../../ui/snackbar.ts';
import { notificationKeys } from './notifications.queries.ts';

export interface MuteTarget {
  id: number;
  name: string;
  slug: string;
  avatarUrl: string | null;
}

/**
 * "Mute notifications" / "Unmute notifications" for a profile's menu: nothing this person does
 * notifies the user any more (their stories, streams, messages, tips). Whether they are muted
 * comes from the notification settings, asked once the page is idle; until then no entry.
 */
export function useMuteMenuEntry(target: MuteTarget): MenuAction | null {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { notify, notifyError } = useSnackbar();
  const settings = useQuery({
    queryKey: notificationKeys.settings,
    queryFn: ({ signal }) => call('notificationSettings', undefined, { signal }),
    enabled: useIdleAfterLoad(),
  });
  if (!settings.data) return null;
  const muted = settings.data.muted.some((user) => user.id === target.id);

  async function toggle() {
    try {
      if (muted) await call('unmuteCreator', { params: { id: target.id } });
      else await call('muteCreator', { params: { id: target.id } });
      queryClient.setQueryData<NotificationSettings>(notificationKeys.settings, (data) => {
        if (!data) return data;
        const others = data.muted.filter((user) => user.id !== target.id);
        const self = {
          id: target.id,
          name: target.name,
          slug: target.slug,
          avatar_url: target.avatarUrl,
        };
        return { ...data, muted: muted ? others : [...others, self] };
      });
      notify.success(
        t(muted ? 'notificationMute.unmuted' : 'notificationMute.muted', { name: target.name }),
      );
    } catch (error) {
      notifyError(error);
    }
  }

  return {
    kind: 'action',
    label: t(muted ? 'notificationMute.unmute' : 'notificationMute.mute'),
    icon: muted ? (
      <BellRing aria-hidden="true" size={18} />
    ) : (
      <BellOff aria-hidden="true" size={18} />
    ),
    onSelect: () => void toggle(),
  };
}
