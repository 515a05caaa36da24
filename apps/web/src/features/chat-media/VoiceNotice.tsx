import { Trash2, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button, IconButton } from '../../ui/Button.tsx';
import type { MicrophoneProblem } from './use-voice-recorder.ts';

/** What the mic says beside itself when it is not recording. */
export type Notice =
  | { kind: 'deleted' }
  | { kind: 'hint' }
  | { kind: 'problem'; problem: MicrophoneProblem }
  | { kind: 'failed'; retry: () => void };

const panel =
  'absolute right-full bottom-0 z-10 mr-2 flex w-max max-w-[min(18rem,calc(100vw-5rem))] items-center gap-2 rounded-2xl bg-white px-3 py-2 text-sm text-neutral-900 shadow-md ring-1 ring-neutral-200';

/**
 * The mic's inline messages: the deleted indicator, the "hold to record" hint, why the
 * microphone cannot be used, and a voice message that could not be sent (send again / discard).
 */
export function VoiceNotice({ notice, onDismiss }: { notice: Notice; onDismiss: () => void }) {
  const { t } = useTranslation();
  if (notice.kind === 'deleted') {
    return (
      <p role="status" className={panel}>
        <Trash2 aria-hidden="true" size={16} className="text-red-600" />
        {t('chatMedia.recorder.deleted')}
      </p>
    );
  }
  if (notice.kind === 'hint') {
    return (
      <p role="status" className={panel}>
        {t('chatMedia.recorder.holdHint')}
      </p>
    );
  }
  const dismiss = (
    <IconButton label={t('chatMedia.recorder.dismiss')} onClick={onDismiss} className="-my-2 -mr-2">
      <X aria-hidden="true" size={18} />
    </IconButton>
  );
  if (notice.kind === 'problem') {
    return (
      <div className={panel}>
        <p role="alert" className="min-w-0 flex-1">
          {t(`chatMedia.recorder.problem.${notice.problem}`)}
        </p>
        {dismiss}
      </div>
    );
  }
  return (
    <div className={`${panel} flex-wrap`}>
      <p role="alert" className="w-full">
        {t('chatMedia.recorder.notSent')}
      </p>
      <Button className="min-h-9 px-3 text-sm" onClick={notice.retry}>
        {t('chatMedia.recorder.retry')}
      </Button>
      <Button variant="secondary" className="min-h-9 px-3 text-sm" onClick={onDismiss}>
        {t('chatMedia.recorder.discard')}
      </Button>
    </div>
  );
}
