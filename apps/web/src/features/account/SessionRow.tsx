import type { AccountSession } from '@glimpse/contract';
import { Monitor, Smartphone } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/dates.ts';
import { formatTimeAgo } from '../../lib/relative-time.ts';
import { Button } from '../../ui/Button.tsx';
import { placeName } from './place-name.ts';

/** The server names a device "Browser on OS"; a phone's OS picks the phone icon. */
const PHONE = /\b(android|ios|iphone|ipad)\b/i;

interface SessionRowProps {
  session: AccountSession;
  onSignOut: () => void;
  busy: boolean;
}

/** One signed-in device: what it is, where, when last used, and Sign out for the others. */
export function SessionRow({ session, onSignOut, busy }: SessionRowProps) {
  const { t, i18n } = useTranslation();
  const Icon = PHONE.test(session.device) ? Smartphone : Monitor;
  const lastUsed = formatTimeAgo(session.last_used_at, i18n.language);
  const details = [
    session.place ? placeName(session.place, i18n.language) : null,
    session.current ? t('account.sessions.activeNow') : null,
  ].filter(Boolean);
  return (
    <li className="flex items-center gap-3 py-3">
      <Icon aria-hidden="true" size={22} className="shrink-0 text-neutral-600" />
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="min-w-0 font-medium wrap-anywhere text-neutral-900">
            {session.device}
          </span>
          {session.current && (
            <span className="rounded-full bg-accent/10 px-2 py-0.5 text-xs font-semibold text-accent-strong">
              {t('account.sessions.thisDevice')}
            </span>
          )}
        </p>
        <p className="text-sm wrap-anywhere text-neutral-600">
          {details.join(' · ')}
          {!session.current && (
            <>
              {details.length > 0 && ' · '}
              <time
                dateTime={session.last_used_at}
                title={formatDate(session.last_used_at, {
                  dateStyle: 'medium',
                  timeStyle: 'short',
                })}
              >
                {t('account.sessions.lastUsed', { time: lastUsed })}
              </time>
            </>
          )}
        </p>
      </div>
      {!session.current && (
        <Button
          variant="secondary"
          className="min-h-10 shrink-0 px-3 text-sm"
          aria-label={t('account.sessions.signOutNamed', {
            device: session.device,
            time: lastUsed,
          })}
          onClick={onSignOut}
          disabled={busy}
          aria-busy={busy}
        >
          {t('account.sessions.signOut')}
        </Button>
      )}
    </li>
  );
}
