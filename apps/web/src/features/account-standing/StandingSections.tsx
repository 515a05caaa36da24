import './standing-texts.ts';
import type { AccountStanding } from '@glimpse/contract';
import { AlertTriangle, Coins, Image, Mic, ShieldCheck, Video } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/dates.ts';
import { AppealButton } from '../appeals/index.ts';

const DAY: Intl.DateTimeFormatOptions = { dateStyle: 'medium' };

function Section({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-xl border border-neutral-200 bg-white p-4"
    >
      <h2 id={headingId} className="text-base font-semibold text-neutral-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Status({ standing }: { standing: AccountStanding }) {
  const { t } = useTranslation();
  const lines: string[] = [];
  if (standing.suspended)
    lines.push(
      standing.suspended_until
        ? t('standing.suspendedUntil', { date: formatDate(standing.suspended_until, DAY) })
        : t('standing.suspendedForGood'),
    );
  if (standing.payouts_held) lines.push(t('standing.payoutsHeld'));
  if (lines.length === 0)
    return (
      <p className="flex items-center gap-2 text-neutral-900">
        <ShieldCheck aria-hidden="true" size={20} className="text-green-700" />
        {t('standing.good')}
      </p>
    );
  return (
    <div className="flex flex-col gap-2">
      <ul className="flex flex-col gap-2">
        {lines.map((line) => (
          <li key={line} className="flex items-start gap-2 font-medium text-red-800">
            <AlertTriangle aria-hidden="true" size={20} className="shrink-0" />
            {line}
          </li>
        ))}
      </ul>
      {standing.suspension_note && (
        <p className="text-sm whitespace-pre-wrap text-neutral-800">
          {t('standing.suspensionNote', { note: standing.suspension_note })}
        </p>
      )}
    </div>
  );
}

type RemovedExcerpt = NonNullable<AccountStanding['removed'][number]['excerpt']>;

const MEDIA_ICONS = { photo: Image, video: Video, voice: Mic, tip: Coins } as const;

/** What the removed item was (its owner's eyes only: the standing is the account's own). */
function Excerpt({ excerpt }: { excerpt: RemovedExcerpt }) {
  const { t } = useTranslation();
  const Icon = excerpt.media ? MEDIA_ICONS[excerpt.media] : null;
  return (
    <figure
      aria-label={t('standing.excerpt')}
      className="flex min-w-0 items-start gap-2 rounded-lg bg-neutral-100 px-3 py-2 text-sm text-neutral-800"
    >
      {Icon && <Icon aria-hidden="true" size={16} className="mt-0.5 shrink-0" />}
      <p className="min-w-0 wrap-anywhere whitespace-pre-wrap">
        {excerpt.media && (
          <span className="font-medium">
            {t(`standing.media.${excerpt.media}`)}
            {excerpt.text && ': '}
          </span>
        )}
        {excerpt.text && <q>{excerpt.text}</q>}
      </p>
    </figure>
  );
}

/**
 * What moderation decided about an account: its status (and the suspension's note), the
 * warnings with the moderators' notes, the content taken down with its note and, per item, the
 * appeal. The signed-in standing screen and a suspended account's (by its token) both show it.
 */
export function StandingSections({
  standing,
  onAppealed,
  standingToken,
}: {
  standing: AccountStanding;
  onAppealed: () => void;
  /** A suspended account's token: its appeals go with it instead of a session. */
  standingToken?: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Status standing={standing} />
      <Section title={t('standing.warnings')}>
        {standing.warnings.length === 0 ? (
          <p className="text-sm text-neutral-600">{t('standing.noWarnings')}</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {standing.warnings.map((warning, index) => (
              <li key={index} className="flex flex-col gap-1">
                <p className="text-sm whitespace-pre-wrap text-neutral-900">{warning.note}</p>
                <time dateTime={warning.created_at} className="text-xs text-neutral-600">
                  {formatDate(warning.created_at, DAY)}
                </time>
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section title={t('standing.removed')}>
        {standing.removed.length === 0 ? (
          <p className="text-sm text-neutral-600">{t('standing.noRemoved')}</p>
        ) : (
          <ul className="flex flex-col gap-3">
            {standing.removed.map((item) => (
              <li
                key={`${item.kind}:${item.id}`}
                className="flex flex-col gap-1 border-t border-neutral-100 pt-3 first:border-0 first:pt-0"
              >
                <p className="font-medium text-neutral-900">
                  {t(`standing.kind.${item.kind}`, { id: item.id })}
                </p>
                {item.excerpt && <Excerpt excerpt={item.excerpt} />}
                <p className="text-sm whitespace-pre-wrap text-neutral-800">{item.note}</p>
                <time dateTime={item.created_at} className="text-xs text-neutral-600">
                  {formatDate(item.created_at, DAY)}
                </time>
                {item.appeal ? (
                  <p className="text-sm font-medium text-neutral-800">
                    {t(`standing.appeal.${item.appeal.status}`)}
                  </p>
                ) : (
                  <AppealButton
                    kind={item.kind}
                    id={item.id}
                    onAppealed={onAppealed}
                    standingToken={standingToken}
                  />
                )}
              </li>
            ))}
          </ul>
        )}
      </Section>
    </>
  );
}
