import type { TotpSetup } from '@glimpse/contract';
import { Copy } from 'lucide-react';
import { useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { Button, IconButton } from '../../../ui/Button.tsx';
import { cn } from '../../../ui/cn.ts';
import { Dialog } from '../../../ui/Dialog.tsx';
import { Field, inputClass } from '../../../ui/Field.tsx';
import { FormAlert } from '../../../ui/FormErrorHint.tsx';
import { useSnackbar } from '../../../ui/snackbar.ts';
import { groupedSecret, qrCodeDataUrl } from './qr-code.ts';
import { useTotpEnable } from './two-factor.mutations.ts';

interface TotpSetupDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  setup: TotpSetup;
  /** The setup ran out (totp_setup_required): a new secret is asked for. */
  onRestart: () => void;
  restarting: boolean;
  /** The app is on; the recovery codes come when it is the account's first second factor. */
  onEnabled: (recoveryCodes: string[]) => void;
}

/**
 * Adds an authenticator app: its QR code (or the setup key to type), then the first code it
 * shows, which turns it on.
 */
export function TotpSetupDialog({
  open,
  onOpenChange,
  setup,
  onRestart,
  restarting,
  onEnabled,
}: TotpSetupDialogProps) {
  const { t } = useTranslation();
  const { notify, notifyError } = useSnackbar();
  const enable = useTotpEnable();
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const [message, setMessage] = useState<string>();
  const [expired, setExpired] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const qrCode = useMemo(() => qrCodeDataUrl(setup.otpauth_url), [setup.otpauth_url]);

  // A new secret (Start again) starts the form afresh.
  const [shownSecret, setShownSecret] = useState(setup.secret);
  if (shownSecret !== setup.secret) {
    setShownSecret(setup.secret);
    setCode('');
    setFieldError(undefined);
    setMessage(undefined);
    setExpired(false);
  }

  function refuseCode(text: string) {
    setFieldError(text);
    inputRef.current?.focus();
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const cleaned = code.replace(/\s+/g, '');
    setMessage(undefined);
    if (!/^[0-9]{6}$/.test(cleaned)) return refuseCode(t('secondFactor.codeFormat'));
    enable.mutate(cleaned, {
      onSuccess: ({ recovery_codes }) => onEnabled(recovery_codes),
      onError: (error) => {
        if (isApiError(error, 'code_invalid')) {
          setCode('');
          refuseCode(t('secondFactor.codeWrong'));
        } else if (isApiError(error, 'totp_already_enabled')) {
          // Turned on meanwhile (another tab): nothing left to do here.
          notify.info(errorMessage(t, error));
          onOpenChange(false);
        } else {
          setExpired(isApiError(error, 'totp_setup_required'));
          setMessage(errorMessage(t, error));
        }
      },
    });
  }

  function handleCopy() {
    navigator.clipboard
      .writeText(setup.secret)
      .then(() => notify.success(t('twoFactor.setup.keyCopied')), notifyError);
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('twoFactor.setup.title')} showClose>
      <div className="flex flex-col gap-4">
        <p className="text-sm text-neutral-700">{t('twoFactor.setup.scan')}</p>
        <img
          src={qrCode}
          alt={t('twoFactor.setup.qrAlt')}
          width={200}
          height={200}
          className="size-50 self-center rounded-lg"
        />
        <div className="flex flex-col gap-1">
          <p className="text-sm text-neutral-700">{t('twoFactor.setup.manual')}</p>
          <div className="flex items-center gap-2">
            <code className="min-w-0 flex-1 rounded-lg bg-neutral-100 px-3 py-2 font-mono text-sm break-words text-neutral-900">
              {groupedSecret(setup.secret)}
            </code>
            <IconButton label={t('twoFactor.setup.copyKey')} onClick={handleCopy}>
              <Copy aria-hidden="true" size={20} />
            </IconButton>
          </div>
        </div>
        <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-4">
          <FormAlert message={message} />
          {expired && (
            <Button
              variant="secondary"
              onClick={onRestart}
              disabled={restarting}
              aria-busy={restarting}
            >
              {t('twoFactor.setup.restart')}
            </Button>
          )}
          <Field
            label={t('secondFactor.code')}
            hint={t('twoFactor.setup.enterCode')}
            errors={fieldError ? [fieldError] : []}
          >
            {(control) => (
              <input
                {...control}
                ref={inputRef}
                type="text"
                inputMode="numeric"
                autoComplete="one-time-code"
                autoCorrect="off"
                spellCheck={false}
                enterKeyHint="done"
                maxLength={16}
                value={code}
                onChange={(event) => {
                  setCode(event.target.value);
                  setFieldError(undefined);
                }}
                className={cn(inputClass, 'font-mono tracking-wider')}
              />
            )}
          </Field>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={() => onOpenChange(false)}>
              {t('twoFactor.cancel')}
            </Button>
            <Button type="submit" disabled={enable.isPending} aria-busy={enable.isPending}>
              {enable.isPending ? t('twoFactor.setup.enabling') : t('twoFactor.setup.enable')}
            </Button>
          </div>
        </form>
      </div>
    </Dialog>
  );
}
