import type { NotificationSettings } from '@glimpse/contract';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { inputClass } from '../../ui/Field.tsx';
import { Switch } from '../../ui/Switch.tsx';
import type { useUpdateNotificationSettings } from './notifications.queries.ts';
import {
  DEFAULT_QUIET_HOURS,
  minutesToTime,
  shownTimeZone,
  timeToMinutes,
  timeZones,
} from './quiet-hours.ts';
import { SettingsCard } from './SettingsCard.tsx';

type Save = ReturnType<typeof useUpdateNotificationSettings>['mutate'];

/** Hours without push, in the user's time zone (which the daily digest follows too). */
export function QuietHoursSection({
  settings,
  save,
}: {
  settings: NotificationSettings;
  save: Save;
}) {
  const { t } = useTranslation();
  const quiet = settings.quiet_hours;
  const zone = shownTimeZone(settings.time_zone, quiet !== null);
  const zones = useMemo(() => timeZones(zone), [zone]);
  const startId = useId();
  const endId = useId();
  const zoneId = useId();

  function changeTime(edge: 'start' | 'end', value: string) {
    const minutes = timeToMinutes(value);
    if (minutes === undefined || !quiet || quiet[edge] === minutes) return;
    save({ quiet_hours: { ...quiet, [edge]: minutes } });
  }

  return (
    <SettingsCard
      heading={t('notifications.settings.quiet.heading')}
      hint={t('notifications.settings.quiet.hint')}
    >
      <Switch
        label={t('notifications.settings.quiet.enabled')}
        checked={quiet !== null}
        onCheckedChange={(on) =>
          // Turning them on saves the zone shown with them: the browser's, if none was saved.
          save(on ? { quiet_hours: DEFAULT_QUIET_HOURS, time_zone: zone } : { quiet_hours: null })
        }
      />
      {quiet && (
        <div className="grid grid-cols-2 gap-3">
          <div className="flex flex-col gap-1">
            <label htmlFor={startId} className="text-sm font-medium text-neutral-900">
              {t('notifications.settings.quiet.start')}
            </label>
            <input
              id={startId}
              // A new saved value (or one put back after a refusal) starts the input afresh.
              key={quiet.start}
              type="time"
              className={inputClass}
              defaultValue={minutesToTime(quiet.start)}
              onBlur={(event) => changeTime('start', event.target.value)}
            />
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor={endId} className="text-sm font-medium text-neutral-900">
              {t('notifications.settings.quiet.end')}
            </label>
            <input
              id={endId}
              key={quiet.end}
              type="time"
              className={inputClass}
              defaultValue={minutesToTime(quiet.end)}
              onBlur={(event) => changeTime('end', event.target.value)}
            />
          </div>
        </div>
      )}
      <div className="flex flex-col gap-1">
        <label htmlFor={zoneId} className="text-sm font-medium text-neutral-900">
          {t('notifications.settings.quiet.timeZone')}
        </label>
        <select
          id={zoneId}
          className={inputClass}
          value={zone}
          onChange={(event) => save({ time_zone: event.target.value })}
        >
          {zones.map((name) => (
            <option key={name} value={name}>
              {name.replaceAll('_', ' ')}
            </option>
          ))}
        </select>
      </div>
    </SettingsCard>
  );
}
