import type { AppNotification } from '@glimpse/contract';
import { BadgeCheck, Info, ShieldCheck, Wallet } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatTimeAgo } from '../../lib/relative-time.ts';
import { Avatar } from '../../ui/Avatar.tsx';
import { focusRing } from '../../ui/Button.tsx';
import { cn } from '../../ui/cn.ts';
import { NotificationText } from './notification-text.tsx';

/** A line without a person behind it (a payout, a sign-in) shows what it is about instead. */
const SUBJECT_ICONS = { wallet: Wallet, verification: BadgeCheck, security: ShieldCheck };

function LineIcon({ line }: { line: AppNotification }) {
  if (line.actor) {
    return <Avatar src={line.actor.avatar_url} name={line.actor.name} size="sm" alt="" />;
  }
  const Icon = SUBJECT_ICONS[line.subject.kind as keyof typeof SUBJECT_ICONS] ?? Info;
  return (
    <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-neutral-100 text-neutral-700">
      <Icon aria-hidden="true" size={20} />
    </span>
  );
}

/** One notification: who, what, when; opening it goes to what it is about and marks it read. */
export function NotificationLine({
  line,
  onOpen,
}: {
  line: AppNotification;
  onOpen: (line: AppNotification) => void;
}) {
  const { t, i18n } = useTranslation();
  return (
    <li>
      <Link
        to={line.subject.path}
        onClick={() => onOpen(line)}
        data-unread={!line.read}
        className={cn(
          'flex items-start gap-3 px-4 py-3 hover:bg-neutral-50 lg:px-8',
          !line.read && 'bg-accent/5',
          focusRing,
          'focus-visible:-outline-offset-2',
        )}
      >
        <LineIcon line={line} />
        <span className="flex min-w-0 flex-1 flex-col gap-0.5">
          <span className="text-sm break-words text-neutral-800">
            <NotificationText line={line} />
          </span>
          {/* Which item a moderation decision was about, in its own words (cut by the server). */}
          {typeof line.data.excerpt === 'string' && (
            <span className="line-clamp-2 text-sm break-words text-neutral-600">
              {t('notifications.excerpt', { text: line.data.excerpt })}
            </span>
          )}
          <time dateTime={line.updated_at} className="text-xs text-neutral-600">
            {formatTimeAgo(line.updated_at, i18n.language)}
          </time>
        </span>
        {!line.read && (
          <span className="mt-1.5 flex shrink-0 items-center">
            <span aria-hidden="true" className="size-2.5 rounded-full bg-accent" />
            <span className="sr-only">{t('notifications.unread')}</span>
          </span>
        )}
      </Link>
    </li>
  );
}
