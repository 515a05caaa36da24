import type { AppNotification } from '@glimpse/contract';
import { useTranslation } from 'react-i18next';
import { Trans } from 'react-i18next/TransWithoutContext';
import { formatMoney } from '../../lib/money.ts';

/** Which variant of a type's text fits the line: grouped, without an actor, or an outcome. */
function textKey(line: AppNotification, exists: (key: string) => boolean): string {
  const base = `notifications.lines.${line.type}`;
  if (line.others > 0 && exists(`${base}_grouped_other`)) return `${base}_grouped`;
  if (!line.actor && exists(`${base}_anonymous`)) return `${base}_anonymous`;
  const outcome = line.data.outcome;
  if (typeof outcome === 'string' && exists(`${base}_${outcome}`)) return `${base}_${outcome}`;
  return base;
}

/**
 * What happened, in the language on screen: "Anna and 12 others subscribed", "Mia posted a
 * story", "You received a tip of $5.00". The actor's name in bold.
 */
export function NotificationText({ line }: { line: AppNotification }) {
  const { t, i18n } = useTranslation();
  const amount = line.data.amount;
  const values = {
    name: line.actor?.name ?? t('notifications.someone'),
    amount: typeof amount === 'number' ? formatMoney(amount, i18n.language) : '',
    total: line.others + 1,
    ...(line.others > 0 ? { count: line.others } : {}),
  };
  return (
    <Trans
      t={t}
      i18nKey={textKey(line, (key) => i18n.exists(key))}
      values={values}
      components={{ b: <strong className="font-semibold text-neutral-900" /> }}
    />
  );
}
