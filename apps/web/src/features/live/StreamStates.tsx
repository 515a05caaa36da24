import type { Stream } from '@glimpse/contract';
import { ArrowLeft, Lock, RadioTower, VideoOff } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage } from '../../lib/error-message.ts';
import { formatMoney } from '../../lib/money.ts';
import { Button, buttonClass, focusRing } from '../../ui/Button.tsx';
import { cn } from '../../ui/cn.ts';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { InsufficientFundsDialog } from '../money/index.ts';
import { useEnterStream } from './live.queries.ts';

export interface StreamPaths {
  /** Where Back goes: home when opened from the Streams tab, else the profile. */
  back: string;
  profile: string;
}

/** The Back link of the watch screen (a link: it goes to a fixed place, not history). */
export function BackLink({ to, tone = 'light' }: { to: string; tone?: 'light' | 'overlay' }) {
  const { t } = useTranslation();
  return (
    <Link
      to={to}
      aria-label={t('common.back')}
      title={t('common.back')}
      className={cn(
        'inline-flex size-11 shrink-0 items-center justify-center rounded-full',
        tone === 'light' ? 'text-neutral-800 hover:bg-neutral-100' : 'text-white drop-shadow',
        tone === 'overlay' && 'hover:bg-white/15',
        focusRing,
      )}
    >
      <ArrowLeft aria-hidden="true" size={22} />
    </Link>
  );
}

interface StateScreenProps {
  name: string;
  paths: StreamPaths;
  icon: ReactNode;
  title: string;
  children?: ReactNode;
}

/** A watch screen without a player: the creator's name, what is the matter, where to go. */
function StateScreen({ name, paths, icon, title, children }: StateScreenProps) {
  const { t } = useTranslation();
  return (
    <>
      <header className="sticky top-0 z-20 flex min-h-14 items-center gap-2 border-b border-neutral-200 bg-white px-2">
        <BackLink to={paths.back} />
        <h1 className="flex-1 truncate text-lg font-semibold text-neutral-900">
          {t('live.watch.heading', { name })}
        </h1>
      </header>
      <main id="main" className="flex flex-1 flex-col">
        <EmptyState icon={icon} title={title}>
          {children}
          <Link to={paths.profile} className={buttonClass('secondary', 'mt-4')}>
            {t('live.watch.toProfile', { name })}
          </Link>
        </EmptyState>
      </main>
    </>
  );
}

export function LoadingStream({ name, paths }: { name: string; paths: StreamPaths }) {
  const { t } = useTranslation();
  return (
    <StateScreen name={name} paths={paths} icon={<Spinner />} title={t('live.watch.loading')} />
  );
}

/** stream_not_found: nothing live now (or nothing this viewer may know of). */
export function NotLive({ name, paths }: { name: string; paths: StreamPaths }) {
  const { t } = useTranslation();
  return (
    <StateScreen
      name={name}
      paths={paths}
      icon={<VideoOff size={40} />}
      title={t('live.watch.notLive')}
    >
      <p>{t('live.watch.notLiveBody', { name })}</p>
    </StateScreen>
  );
}

export function StreamEnded({ name, paths }: { name: string; paths: StreamPaths }) {
  const { t } = useTranslation();
  return (
    <StateScreen name={name} paths={paths} icon={<VideoOff size={40} />} title={t('live.ended')} />
  );
}

/** Created, no video yet: the screen asks again every few seconds and on `stream.started`. */
export function StreamStarting({ stream, paths }: { stream: Stream; paths: StreamPaths }) {
  const { t } = useTranslation();
  return (
    <StateScreen
      name={stream.name}
      paths={paths}
      icon={<RadioTower size={40} />}
      title={t('live.watch.starting')}
    >
      <p>{stream.title}</p>
    </StateScreen>
  );
}

/** Followers or subscribers only, and the viewer is neither. */
export function StreamRestricted({ stream, paths }: { stream: Stream; paths: StreamPaths }) {
  const { t } = useTranslation();
  return (
    <StateScreen
      name={stream.name}
      paths={paths}
      icon={<Lock size={40} />}
      title={t(`live.watch.only.${stream.audience}`)}
    >
      <p>{stream.title}</p>
    </StateScreen>
  );
}

/** A priced stream not paid for yet: the price and "Pay to watch", charged once (spec 6). */
export function PayToWatch({ stream, paths }: { stream: Stream; paths: StreamPaths }) {
  const { t } = useTranslation();
  const enter = useEnterStream(stream.user_id);
  const [short, setShort] = useState(false);
  const price = formatMoney(stream.price ?? 0);

  function handlePay() {
    enter.mutate(stream.id, {
      onSuccess: (answer) => {
        if (!answer.status) setShort(true);
      },
    });
  }

  return (
    <StateScreen name={stream.name} paths={paths} icon={<Lock size={40} />} title={stream.title}>
      <p>{t('live.pay.body', { price })}</p>
      <Button className="mt-4" onClick={handlePay} disabled={enter.isPending}>
        {t('live.pay.button', { price })}
      </Button>
      {enter.isError && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {errorMessage(t, enter.error)}
        </p>
      )}
      <InsufficientFundsDialog open={short} onOpenChange={setShort} missing={stream.price ?? 0} />
    </StateScreen>
  );
}
