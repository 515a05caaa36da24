import {
  ALWAYS_ON_TYPES,
  EMAIL_MODES,
  type EmailMode,
  type NotificationSettings,
} from '@glimpse/contract';
import { useTranslation } from 'react-i18next';
import { inputClass } from '../../ui/Field.tsx';
import { cn } from '../../ui/cn.ts';

type Preference = NotificationSettings['types'][number];

const checkboxClass = 'size-5 shrink-0 accent-accent disabled:opacity-60';

/**
 * Each kind of event by channel: in the app, push, email (at once, digest, off). On a phone each
 * kind is a block with its three controls, each labelled; from `lg` a table-like grid whose
 * column heads name the channels. Every control's name says its kind and channel.
 */
export function ChannelPreferences({
  types,
  onChange,
}: {
  types: Preference[];
  onChange: (preference: Preference) => void;
}) {
  const { t } = useTranslation();
  const grid = 'lg:grid lg:grid-cols-[minmax(0,1fr)_7rem_5rem_12rem] lg:items-center lg:gap-3';
  return (
    <div className="flex flex-col">
      <div
        aria-hidden="true"
        className={cn(
          'hidden border-b border-neutral-200 pb-2 text-xs font-semibold text-neutral-600 uppercase',
          grid,
        )}
      >
        <span>{t('notifications.settings.channels.type')}</span>
        <span>{t('notifications.settings.channels.inApp')}</span>
        <span>{t('notifications.settings.channels.push')}</span>
        <span>{t('notifications.settings.channels.email')}</span>
      </div>
      <ul className="flex flex-col divide-y divide-neutral-200">
        {types.map((row) => (
          <PreferenceRow key={row.type} row={row} grid={grid} onChange={onChange} />
        ))}
      </ul>
    </div>
  );
}

function PreferenceRow({
  row,
  grid,
  onChange,
}: {
  row: Preference;
  grid: string;
  onChange: (preference: Preference) => void;
}) {
  const { t } = useTranslation();
  const type = t(`notifications.types.${row.type}`);
  const alwaysOn = ALWAYS_ON_TYPES.includes(row.type);
  const labelClass = 'flex min-h-11 items-center gap-2 text-sm text-neutral-800';
  return (
    <li className={cn('flex flex-col gap-1 py-3', grid)} data-type={row.type}>
      <span className="flex flex-col">
        <span className="font-medium text-neutral-900">{type}</span>
        {alwaysOn && (
          <span className="text-xs text-neutral-600">
            {t('notifications.settings.channels.alwaysOn')}
          </span>
        )}
      </span>
      <div className="flex flex-wrap items-center gap-x-5 lg:contents">
        <label className={labelClass}>
          <input
            type="checkbox"
            className={checkboxClass}
            aria-label={t('notifications.settings.channels.inAppOf', { type })}
            checked={alwaysOn || row.in_app}
            disabled={alwaysOn}
            onChange={(event) => onChange({ ...row, in_app: event.target.checked })}
          />
          <span aria-hidden="true" className="lg:sr-only">
            {t('notifications.settings.channels.inApp')}
          </span>
        </label>
        <label className={labelClass}>
          <input
            type="checkbox"
            className={checkboxClass}
            aria-label={t('notifications.settings.channels.pushOf', { type })}
            checked={row.push}
            onChange={(event) => onChange({ ...row, push: event.target.checked })}
          />
          <span aria-hidden="true" className="lg:sr-only">
            {t('notifications.settings.channels.push')}
          </span>
        </label>
        {/* At its natural width: on a phone it takes a line of its own rather than shrink. */}
        <label className={labelClass}>
          <span aria-hidden="true" className="lg:sr-only">
            {t('notifications.settings.channels.email')}
          </span>
          <select
            aria-label={t('notifications.settings.channels.emailOf', { type })}
            value={row.email}
            onChange={(event) => onChange({ ...row, email: event.target.value as EmailMode })}
            className={cn(inputClass, 'min-h-11 w-auto py-1 lg:w-full')}
          >
            {EMAIL_MODES.map((mode) => (
              <option key={mode} value={mode}>
                {t(`notifications.settings.email.${mode}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
    </li>
  );
}
