import type { Passkey } from '@glimpse/contract';
import { KeyRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/dates.ts';
import { formatTimeAgo } from '../../../lib/relative-time.ts';
import { Button } from '../../../ui/Button.tsx';

interface PasskeyRowProps {
  passkey: Passkey;
  onRemove: () => void;
}

/** One passkey: its name, when it was added and last used, and Remove. */
export function PasskeyRow({ passkey, onRemove }: PasskeyRowProps) {
  const { t, i18n } = useTranslation();
  return (
    <li className="flex items-center gap-3 py-3">
      <KeyRound aria-hidden="true" size={22} className="shrink-0 text-neutral-600" />
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <p className="font-medium wrap-anywhere text-neutral-900">{passkey.name}</p>
        <p className="text-sm text-neutral-600">
          {t('twoFactor.passkeys.added', {
            date: formatDate(passkey.created_at, { dateStyle: 'medium' }),
          })}
          {passkey.last_used_at && (
            <>
              {' · '}
              <time dateTime={passkey.last_used_at}>
                {t('twoFactor.passkeys.lastUsed', {
                  time: formatTimeAgo(passkey.last_used_at, i18n.language),
                })}
              </time>
            </>
          )}
        </p>
      </div>
      <Button
        variant="secondary"
        className="min-h-10 shrink-0 px-3 text-sm"
        aria-label={t('twoFactor.passkeys.removeNamed', { name: passkey.name })}
        onClick={onRemove}
      >
        {t('twoFactor.passkeys.remove')}
      </Button>
    </li>
  );
}
