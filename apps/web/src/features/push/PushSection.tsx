import './push-texts.ts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import { usePush } from './use-push.ts';

/**
 * Web Push on this browser, for the notification settings: whether it gets push, and the
 * button that turns it on (asking for the permission on that click) or off.
 */
export function PushSection() {
  const { t } = useTranslation();
  const headingId = useId();
  const { state, busy, failed, turnOn, turnOff } = usePush();

  return (
    <section
      aria-labelledby={headingId}
      aria-busy={state === 'checking' || busy}
      className="flex flex-col gap-3 rounded-xl border border-neutral-200 bg-white p-4"
    >
      <div className="flex flex-col gap-1">
        <h2 id={headingId} className="text-base font-semibold text-neutral-900">
          {t('push.heading')}
        </h2>
        <p className="text-sm text-neutral-600">{t('push.hint')}</p>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-neutral-900" role="status">
          {t(`push.${state}`)}
        </p>
        {state === 'off' && (
          <Button disabled={busy} onClick={() => void turnOn()}>
            {t('push.turnOn')}
          </Button>
        )}
        {state === 'on' && (
          <Button variant="secondary" disabled={busy} onClick={() => void turnOff()}>
            {t('push.turnOff')}
          </Button>
        )}
      </div>
      {failed && (
        <p className="text-sm text-red-700" role="alert">
          {t('push.failed')}
        </p>
      )}
    </section>
  );
}
