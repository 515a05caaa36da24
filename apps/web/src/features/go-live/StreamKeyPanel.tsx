import { Copy, Eye, EyeOff, RefreshCw } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { inputClass } from '../../ui/Field.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { useSnackbar } from '../../ui/snackbar.ts';
import { useRotateStreamKey, useStreamKey } from './go-live.queries.ts';

/**
 * "OBS / streaming software": the RTMP server URL and the secret stream key to paste into OBS.
 * The key stays hidden until asked for (a screen share would show it); Rotate makes a new one
 * and the old stops working, so it asks first.
 */
export function StreamKeyPanel() {
  const { t } = useTranslation();
  const headingId = useId();
  const key = useStreamKey();
  const rotate = useRotateStreamKey();
  const { notify, notifyError } = useSnackbar();
  const [shown, setShown] = useState(false);
  const [confirmOpen, setConfirmOpen] = useState(false);

  async function handleCopy(text: string, what: 'server' | 'key') {
    try {
      await navigator.clipboard.writeText(text);
      notify.success(t(`goLive.obs.copied.${what}`));
    } catch {
      notify.error(t('goLive.obs.copyFailed'));
    }
  }

  function handleRotate() {
    rotate.mutate(undefined, {
      onSuccess: () => notify.success(t('goLive.obs.rotated')),
      onError: notifyError,
    });
  }

  let body;
  if (key.isPending) body = <Spinner className="py-3" />;
  else if (key.isError) {
    body = (
      <p role="alert" className="text-sm text-neutral-700">
        {t('goLive.obs.loadFailed')}
      </p>
    );
  } else if (!key.data.rtmp_enabled || !key.data.rtmp_url) {
    body = <p className="text-sm text-neutral-700">{t('goLive.obs.off')}</p>;
  } else {
    const { rtmp_url: server, stream_key: secret } = key.data;
    body = (
      <>
        <p className="text-sm text-neutral-700">{t('goLive.obs.how')}</p>
        <CopyRow
          label={t('goLive.obs.server')}
          value={server}
          copyLabel={t('goLive.obs.copyServer')}
          onCopy={() => void handleCopy(server, 'server')}
        />
        <CopyRow
          label={t('goLive.obs.key')}
          value={shown ? secret : '•'.repeat(24)}
          copyLabel={t('goLive.obs.copyKey')}
          onCopy={() => void handleCopy(secret, 'key')}
        >
          <Button
            variant="secondary"
            aria-pressed={shown}
            onClick={() => setShown(!shown)}
            className="px-3"
          >
            {shown ? <EyeOff aria-hidden="true" size={18} /> : <Eye aria-hidden="true" size={18} />}
            {shown ? t('goLive.obs.hide') : t('goLive.obs.show')}
          </Button>
        </CopyRow>
        <Button
          variant="secondary"
          onClick={() => setConfirmOpen(true)}
          disabled={rotate.isPending}
          className="self-start"
        >
          <RefreshCw aria-hidden="true" size={18} />
          {t('goLive.obs.rotate')}
        </Button>
        <ConfirmDialog
          open={confirmOpen}
          onOpenChange={setConfirmOpen}
          title={t('goLive.obs.rotateTitle')}
          message={t('goLive.obs.rotateBody')}
          onConfirm={handleRotate}
        />
      </>
    );
  }
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-2xl border border-neutral-200 p-4"
    >
      <h2 id={headingId} className="text-base font-bold text-neutral-900">
        {t('goLive.obs.title')}
      </h2>
      {body}
    </section>
  );
}

interface CopyRowProps {
  label: string;
  value: string;
  copyLabel: string;
  onCopy: () => void;
  children?: ReactNode;
}

function CopyRow({ label, value, copyLabel, onCopy, children }: CopyRowProps) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-neutral-900">
        {label}
      </label>
      <div className="flex flex-wrap gap-2">
        <input
          id={id}
          readOnly
          value={value}
          className={`${inputClass} min-w-0 flex-1 font-mono text-sm`}
        />
        {children}
        <Button variant="secondary" onClick={onCopy} aria-label={copyLabel} className="px-3">
          <Copy aria-hidden="true" size={18} />
        </Button>
      </div>
    </div>
  );
}
