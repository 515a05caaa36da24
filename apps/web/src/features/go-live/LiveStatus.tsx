import { CircleStop } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import { cn } from '../../ui/cn.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { ViewerCount } from '../live/index.ts';
import type { IngestState } from './browser-ingest.ts';

/** What the creator's status line says: the browser ingest's state, or OBS's. */
export type SessionStatus = IngestState | { status: 'waiting'; secondsLeft: 0 };

interface LiveStatusProps {
  state: SessionStatus;
  viewers: number;
  ending: boolean;
  onEnd: () => void;
}

const tones: Record<SessionStatus['status'], string> = {
  connecting: 'bg-neutral-100 text-neutral-800',
  waiting: 'bg-neutral-100 text-neutral-800',
  live: 'bg-red-50 text-red-800',
  reconnecting: 'bg-amber-50 text-amber-900',
  ended: 'bg-neutral-100 text-neutral-800',
};

/** The status line (Connecting, Live, Reconnecting with its countdown, Ended), viewers and End. */
export function LiveStatus({ state, viewers, ending, onEnd }: LiveStatusProps) {
  const { t } = useTranslation();
  const [confirmOpen, setConfirmOpen] = useState(false);
  return (
    <div className="flex flex-wrap items-center gap-3">
      <p
        role="status"
        className={cn('rounded-lg px-3 py-2 text-sm font-semibold', tones[state.status])}
      >
        {t(`goLive.status.${state.status}`, { count: state.secondsLeft })}
      </p>
      <ViewerCount count={viewers} className="text-sm text-neutral-700" />
      {state.status !== 'ended' && (
        <Button
          variant="danger"
          onClick={() => setConfirmOpen(true)}
          disabled={ending}
          className="ml-auto"
        >
          <CircleStop aria-hidden="true" size={18} />
          {t('goLive.end')}
        </Button>
      )}
      <ConfirmDialog
        open={confirmOpen}
        onOpenChange={setConfirmOpen}
        title={t('goLive.endTitle')}
        message={t('goLive.endBody')}
        onConfirm={onEnd}
      />
    </div>
  );
}
