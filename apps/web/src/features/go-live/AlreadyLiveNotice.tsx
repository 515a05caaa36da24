import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import { useSnackbar } from '../../ui/snackbar.ts';
import { useEndOldStream } from './go-live.queries.ts';

interface AlreadyLiveNoticeProps {
  meId: number;
  /** The old stream is over: Start may be pressed again. */
  onResolved: () => void;
}

/** stream_already_live: one stream at a time; the old one (another tab, a crash) can be ended. */
export function AlreadyLiveNotice({ meId, onResolved }: AlreadyLiveNoticeProps) {
  const { t } = useTranslation();
  const { notify, notifyError } = useSnackbar();
  const endOld = useEndOldStream(meId);

  function handleEndOld() {
    endOld.mutate(undefined, {
      onSuccess: () => {
        notify.success(t('goLive.alreadyLive.endedOld'));
        onResolved();
      },
      onError: notifyError,
    });
  }

  return (
    <div role="alert" className="flex flex-col gap-3 rounded-2xl bg-amber-50 p-4 text-amber-950">
      <p className="text-sm">{t('goLive.alreadyLive.body')}</p>
      <Button
        variant="secondary"
        onClick={handleEndOld}
        disabled={endOld.isPending}
        className="self-start"
      >
        {t('goLive.alreadyLive.endOld')}
      </Button>
    </div>
  );
}
