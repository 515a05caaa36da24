import type { CurrentUser, TwoFactorMethod } from '@glimpse/contract';
import { useQueryClient } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../lib/api.ts';
import { hasErrors, serverFormErrors, type FieldErrorMap } from '../../lib/form-errors.ts';
import { routes, safeNext } from '../../routes.ts';
import { Button, focusRing } from '../../ui/Button.tsx';
import { cn } from '../../ui/cn.ts';
import { Field, inputClass } from '../../ui/Field.tsx';
import { FormAlert, FormErrorHint } from '../../ui/FormErrorHint.tsx';
import { lazyPart } from '../../ui/lazy-dialog.tsx';
import { PasswordInput } from '../../ui/PasswordInput.tsx';
import { rememberUser, useSignIn } from './auth.queries.ts';
import { AuthLayout, LegalLinks } from './AuthLayout.tsx';
import { suspensionMessage, suspensionStandingToken } from './suspension-message.ts';
import { passkeysSupported } from '../second-factor/index.ts';

// Only a suspended account's sign-in shows the way to its appeal: its code loads then.
const SuspendedAppealLink = lazyPart(() =>
  import('../appeals/index.ts').then((m) => m.SuspendedAppealLink),
);

// Most sign-ins have no second step: its code and texts load when the password asks for it.
const SignInSecondStep = lazyPart(() =>
  import('./SignInSecondStep.tsx').then((m) => m.SignInSecondStep),
);

type SignInField = 'email' | 'password';

export function SignInScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const next = searchParams.get('next') ?? undefined;
  const signIn = useSignIn();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrorMap<SignInField>>({});
  const [message, setMessage] = useState<string>();
  const queryClient = useQueryClient();
  /** The ways of the second step, once the password asked for one. */
  const [secondStep, setSecondStep] = useState<readonly TwoFactorMethod[] | null>(null);
  const [passkeyBusy, setPasskeyBusy] = useState(false);
  /** Counts returns from the second step: the password field takes the focus again. */
  const [returns, setReturns] = useState(0);
  /** The password was right but the account is suspended: offer its standing and the appeal. */
  const [suspended, setSuspended] = useState<{ standingToken?: string } | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (returns === 0) return;
    formRef.current?.querySelector<HTMLElement>('input[autocomplete="current-password"]')?.focus();
  }, [returns]);

  function backToPassword(notice?: string) {
    setSecondStep(null);
    setPassword('');
    setMessage(notice);
    setReturns((count) => count + 1);
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const clientErrors: FieldErrorMap<SignInField> = {};
    if (!email.trim()) clientErrors.email = [t('fields.required')];
    if (!password) clientErrors.password = [t('fields.required')];
    setErrors(clientErrors);
    setMessage(undefined);
    if (hasErrors(clientErrors)) return;
    // Ready in case the password asks for a second factor.
    SignInSecondStep.prefetch();
    signIn.mutate(
      { email: email.trim(), password },
      {
        onSuccess: (answer) =>
          'two_factor_required' in answer
            ? setSecondStep(answer.methods)
            : void navigate(safeNext(next), { replace: true }),
        onError: (error) => {
          const server = serverFormErrors(t, error, { email: 'email', password: 'password' });
          setErrors(server.fields);
          const isSuspended = isApiError(error, 'account_suspended');
          setMessage(isSuspended ? suspensionMessage(t, error) : server.message);
          setSuspended(isSuspended ? { standingToken: suspensionStandingToken(error) } : null);
        },
      },
    );
  }

  function signedIn(user: CurrentUser) {
    rememberUser(queryClient, user);
    void navigate(safeNext(next), { replace: true });
  }

  async function handlePasskey() {
    setMessage(undefined);
    setErrors({});
    setPasskeyBusy(true);
    try {
      const { signInWithPasskey, passkeySignInRefusal } = await import('./passkey-sign-in.ts');
      try {
        signedIn(await signInWithPasskey());
      } catch (error) {
        // A passkey proves the owner as a password does: a suspended account is shown its
        // standing and the way to appeal with the token its refusal carries.
        const isSuspended = isApiError(error, 'account_suspended');
        setMessage(isSuspended ? suspensionMessage(t, error) : passkeySignInRefusal(t, error));
        setSuspended(isSuspended ? { standingToken: suspensionStandingToken(error) } : null);
      }
    } catch {
      // Its code did not load (offline, a new version replaced it).
      setMessage(t('common.somethingWentWrong'));
    } finally {
      setPasskeyBusy(false);
    }
  }

  const fieldErrorsShown = hasErrors(errors);
  if (secondStep) {
    return (
      <AuthLayout title={t('auth.signInTitle')}>
        <SignInSecondStep
          methods={secondStep}
          onSignedIn={signedIn}
          onExpired={() => backToPassword(t('secondFactor.signIn.expired'))}
          onBack={() => backToPassword()}
        />
        <LegalLinks />
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title={t('auth.signInTitle')}>
      <form ref={formRef} noValidate onSubmit={handleSubmit} className="flex flex-col gap-4">
        {fieldErrorsShown ? (
          <FormErrorHint show message={message} />
        ) : (
          <FormAlert message={message} />
        )}
        <Field label={t('auth.email')} errors={errors.email}>
          {(control) => (
            <input
              {...control}
              type="email"
              autoComplete="email"
              required
              value={email}
              onChange={(event) => {
                setEmail(event.target.value);
                setErrors((current) => ({ ...current, email: undefined }));
              }}
              className={inputClass}
            />
          )}
        </Field>
        <Field label={t('auth.password')} errors={errors.password}>
          {(control) => (
            <PasswordInput
              control={control}
              autoComplete="current-password"
              value={password}
              onChange={(next) => {
                setPassword(next);
                setErrors((current) => ({ ...current, password: undefined }));
              }}
            />
          )}
        </Field>
        {/* After the password in tab order: the way out for whoever is stuck on it. */}
        <Link
          to={routes['auth.forgotPassword']()}
          // What was typed as the email comes along, so it need not be typed twice.
          state={{ email: email.trim() }}
          className={cn(
            '-mt-2 inline-flex min-h-11 items-center self-end rounded px-1 text-sm font-semibold text-accent-strong underline-offset-2 hover:underline',
            focusRing,
          )}
        >
          {t('auth.forgotPassword')}
        </Link>
        <Button type="submit" disabled={signIn.isPending} aria-busy={signIn.isPending}>
          {t('auth.signIn')}
        </Button>
      </form>
      {suspended && (
        <SuspendedAppealLink email={email.trim()} standingToken={suspended.standingToken} />
      )}
      {passkeysSupported() && (
        <div className="flex flex-col gap-4">
          <p className="flex items-center gap-3 text-sm text-neutral-600" aria-hidden="true">
            <span className="h-px flex-1 bg-neutral-200" />
            {t('auth.or')}
            <span className="h-px flex-1 bg-neutral-200" />
          </p>
          <Button
            variant="secondary"
            onClick={() => void handlePasskey()}
            disabled={passkeyBusy}
            aria-busy={passkeyBusy}
          >
            <KeyRound aria-hidden="true" size={20} />
            {t('auth.signInWithPasskey')}
          </Button>
        </div>
      )}
      <p className="text-center text-sm text-neutral-700">
        {t('auth.noAccount')}{' '}
        <Link
          to={routes['auth.signUp']({ next })}
          className="font-semibold text-accent-strong underline-offset-2 hover:underline"
        >
          {t('auth.signUp')}
        </Link>
      </p>
      <LegalLinks />
    </AuthLayout>
  );
}
