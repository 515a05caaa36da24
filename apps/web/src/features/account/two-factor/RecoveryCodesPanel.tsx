import { Copy, Download } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/Button.tsx';
import { useSnackbar } from '../../../ui/snackbar.ts';
import { downloadText, recoveryCodesText } from './recovery-codes-file.ts';

interface RecoveryCodesPanelProps {
  codes: readonly string[];
  /** The account's address, to tell the saved file apart from another account's. */
  email: string;
  onDone: () => void;
}

/**
 * New recovery codes, shown this once (the server keeps only their hashes): copy them, save
 * them as a file, then say so. The panel takes the focus, so a screen reader starts on it.
 */
export function RecoveryCodesPanel({ codes, email, onDone }: RecoveryCodesPanelProps) {
  const { t } = useTranslation();
  const { notify, notifyError } = useSnackbar();
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);

  // After the dialog that made the codes has given the focus back (Radix does so a task later).
  useEffect(() => {
    const timer = setTimeout(() => headingRef.current?.focus(), 0);
    return () => clearTimeout(timer);
  }, []);

  const fileText = () =>
    recoveryCodesText(
      t('twoFactor.recovery.fileTitle', { email }),
      t('twoFactor.recovery.fileNote'),
      codes,
    );

  function handleCopy() {
    navigator.clipboard
      .writeText(fileText())
      .then(() => notify.success(t('twoFactor.recovery.copied')), notifyError);
  }

  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-xl border border-neutral-300 bg-amber-50 p-3"
    >
      <h3
        id={headingId}
        ref={headingRef}
        tabIndex={-1}
        className="font-semibold text-neutral-900 focus-visible:outline-2 focus-visible:outline-accent"
      >
        {t('twoFactor.recovery.newTitle')}
      </h3>
      <p className="text-sm text-neutral-800">{t('twoFactor.recovery.newIntro')}</p>
      <ol
        aria-label={t('twoFactor.recovery.listLabel')}
        className="grid grid-cols-2 gap-x-4 gap-y-1 rounded-lg bg-white p-3 font-mono text-base tracking-wide text-neutral-900"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        <Button variant="secondary" onClick={handleCopy}>
          <Copy aria-hidden="true" size={18} />
          {t('twoFactor.recovery.copy')}
        </Button>
        <Button
          variant="secondary"
          onClick={() => downloadText('glimpse-recovery-codes.txt', fileText())}
        >
          <Download aria-hidden="true" size={18} />
          {t('twoFactor.recovery.download')}
        </Button>
        <Button onClick={onDone} className="sm:ml-auto">
          {t('twoFactor.recovery.saved')}
        </Button>
      </div>
    </section>
  );
}
