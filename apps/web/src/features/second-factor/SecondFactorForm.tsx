import type { SecondFactorBody, TwoFactorMethod } from '@glimpse/contract';
import { KeyRound } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { Button, focusRing } from '../../ui/Button.tsx';
import { cn } from '../../ui/cn.ts';
import { Field, inputClass } from '../../ui/Field.tsx';
import { FormAlert } from '../../ui/FormErrorHint.tsx';
import { isPasskeyPromptClosed, passkeyAnswer, passkeysSupported } from './passkeys.ts';

type Mode = 'code' | 'recovery' | 'passkey';

export interface SecondFactorFormProps {
  /** The ways this account has: the code field, the passkey button, the recovery code switch. */
  methods: readonly TwoFactorMethod[];
  /** Sends one factor to the server; resolves once it is accepted (the caller moves on). */
  onSubmit: (factor: SecondFactorBody) => Promise<unknown>;
  /** The WebAuthn challenge for the passkey way. */
  passkeyOptions: () => Promise<Record<string, unknown>>;
  /**
   * A refusal the caller deals with itself: true when it did (sign_in_expired on sign-in goes
   * back to the password), or the message to show for it.
   */
  onRefused?: (error: unknown) => boolean | string;
  /** The submit button's text; "Verify" by default. */
  submitLabel?: string;
}

/** What the person types is checked for shape here; the server checks it for real. */
const CODE = /^[0-9]{6}$/;
const RECOVERY_CODE = /^[a-z0-9]{10}$/;

function firstMode(methods: readonly TwoFactorMethod[]): Mode {
  if (methods.includes('totp')) return 'code';
  if (methods.includes('passkey') && passkeysSupported()) return 'passkey';
  return 'recovery';
}

/**
 * One second factor, given any way the account allows: the authenticator app's code (the
 * phone's one-time-code autofill and number pad), a passkey, or a recovery code. Wrong codes
 * show under the field, which takes the focus again; too many tries and other refusals above it.
 * The sign-in's second step and the step-up before a sensitive change both use it.
 */
export function SecondFactorForm({
  methods,
  onSubmit,
  passkeyOptions,
  onRefused,
  submitLabel,
}: SecondFactorFormProps) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<Mode>(() => firstMode(methods));
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const [message, setMessage] = useState<string>();
  const [busy, setBusy] = useState<'code' | 'passkey' | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const canPasskey = methods.includes('passkey') && passkeysSupported();
  const canCode = methods.includes('totp');
  const canRecover = methods.includes('recovery_code');
  const recovering = mode === 'recovery';

  function switchTo(next: Mode) {
    setMode(next);
    setCode('');
    setFieldError(undefined);
    setMessage(undefined);
    // The field that replaced the switch's neighbour takes the focus, ready for typing.
    requestAnimationFrame(() => inputRef.current?.focus());
  }

  /** The refusal under the field, which takes the focus (a kept recovery code selected). */
  function showFieldError(text: string) {
    setFieldError(text);
    inputRef.current?.focus();
    if (recovering) inputRef.current?.select();
  }

  async function send(factor: SecondFactorBody, way: 'code' | 'passkey') {
    setBusy(way);
    setMessage(undefined);
    setFieldError(undefined);
    try {
      await onSubmit(factor);
    } catch (error) {
      const handled = onRefused?.(error);
      if (typeof handled === 'string') return setMessage(handled);
      if (handled) return;
      if (isApiError(error, 'code_invalid') && way === 'code') {
        // An authenticator code is good for seconds: start afresh. A recovery code may hold a typo.
        if (!recovering) setCode('');
        showFieldError(t(recovering ? 'secondFactor.recoveryWrong' : 'secondFactor.codeWrong'));
      } else {
        setMessage(errorMessage(t, error));
      }
    } finally {
      setBusy(null);
    }
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    // In a dialog opened from another form, React would hand the submit on to that form too.
    event.stopPropagation();
    if (recovering) {
      const cleaned = code.toLowerCase().replace(/[\s-]+/g, '');
      if (!RECOVERY_CODE.test(cleaned)) return showFieldError(t('secondFactor.recoveryFormat'));
      void send({ recovery_code: code.trim() }, 'code');
    } else {
      const cleaned = code.replace(/\s+/g, '');
      if (!CODE.test(cleaned)) return showFieldError(t('secondFactor.codeFormat'));
      void send({ code: cleaned }, 'code');
    }
  }

  async function handlePasskey() {
    setBusy('passkey');
    setMessage(undefined);
    setFieldError(undefined);
    let answer;
    try {
      answer = await passkeyAnswer(await passkeyOptions());
    } catch (error) {
      setBusy(null);
      const handled = onRefused?.(error);
      if (typeof handled === 'string') return setMessage(handled);
      if (handled) return;
      setMessage(
        isPasskeyPromptClosed(error) ? t('secondFactor.passkeyClosed') : errorMessage(t, error),
      );
      return;
    }
    await send({ passkey: answer }, 'passkey');
  }

  const showField = mode !== 'passkey';
  return (
    <div className="flex flex-col gap-4">
      <FormAlert message={message} />
      {showField && (
        <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-4">
          <Field
            label={t(recovering ? 'secondFactor.recoveryCode' : 'secondFactor.code')}
            hint={t(recovering ? 'secondFactor.recoveryHint' : 'secondFactor.codeHint')}
            errors={fieldError ? [fieldError] : []}
          >
            {(control) => (
              <input
                {...control}
                // A new field per way, so the browser's autofill sees the right one.
                key={mode}
                ref={inputRef}
                type="text"
                inputMode={recovering ? 'text' : 'numeric'}
                autoComplete={recovering ? 'off' : 'one-time-code'}
                autoCapitalize="none"
                autoCorrect="off"
                spellCheck={false}
                enterKeyHint="done"
                maxLength={recovering ? 32 : 16}
                // Opened to ask for this very code: typing starts here.
                autoFocus
                value={code}
                onChange={(event) => {
                  setCode(event.target.value);
                  setFieldError(undefined);
                }}
                className={cn(inputClass, 'font-mono tracking-wider')}
              />
            )}
          </Field>
          <Button type="submit" disabled={busy !== null} aria-busy={busy === 'code'}>
            {busy === 'code'
              ? t('secondFactor.verifying')
              : (submitLabel ?? t('secondFactor.verify'))}
          </Button>
        </form>
      )}
      {mode === 'passkey' && (
        <p className="text-sm text-neutral-700">{t('secondFactor.passkeyOnly')}</p>
      )}
      {canPasskey && (
        <Button
          variant={mode === 'passkey' ? 'primary' : 'secondary'}
          onClick={() => void handlePasskey()}
          disabled={busy !== null}
          aria-busy={busy === 'passkey'}
        >
          <KeyRound aria-hidden="true" size={20} />
          {busy === 'passkey' ? t('secondFactor.waitingForPasskey') : t('secondFactor.usePasskey')}
        </Button>
      )}
      {mode === 'recovery' && !canCode && methods.includes('passkey') && !canPasskey && (
        <p className="text-sm text-neutral-700">{t('secondFactor.passkeyUnsupported')}</p>
      )}
      {/* Back and forth between the app's code and a recovery code (a passkey has its button). */}
      {((!recovering && canRecover) || (recovering && canCode)) && (
        <button
          type="button"
          onClick={() => switchTo(recovering ? 'code' : 'recovery')}
          className={cn(
            'inline-flex min-h-11 items-center self-start rounded px-1 text-sm font-semibold text-accent-strong underline-offset-2 hover:underline',
            focusRing,
          )}
        >
          {recovering ? t('secondFactor.useAuthenticator') : t('secondFactor.useRecoveryCode')}
        </button>
      )}
    </div>
  );
}
