import './recovery-texts.ts';
import { resetPasswordBody, type TwoFactorMethod } from '@glimpse/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../lib/api.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { serverFormErrors } from '../../lib/form-errors.ts';
import { newPasswordErrors } from '../../lib/new-password.ts';
import { routes } from '../../routes.ts';
import { Button, buttonClass } from '../../ui/Button.tsx';
import { FormAlert } from '../../ui/FormErrorHint.tsx';
import { lazyPart } from '../../ui/lazy-dialog.tsx';
import { NewPasswordField } from '../../ui/PasswordInput.tsx';
import { AuthLayout, LegalLinks } from './AuthLayout.tsx';
import { loadPageAt } from './full-load.ts';
import { LinkProblem } from './LinkProblem.tsx';
import { finishSignIn, useResetPassword } from './recovery.queries.ts';

// Only accounts with a second factor meet it here: loaded when the reset asks for it.
const SignInSecondStep = lazyPart(() =>
  import('./SignInSecondStep.tsx').then((m) => m.SignInSecondStep),
);

type LinkState = 'usable' | 'invalid' | 'expired';

/** What a refused reset says about its link, if it was the link that failed. */
function linkStateOf(error: unknown): LinkState {
  if (isApiError(error, 'token_expired')) return 'expired';
  if (isApiError(error, 'token_invalid')) return 'invalid';
  // A token cut short when copied fails the schema: the field is `token`.
  if (isApiError(error, 'validation_failed') && error.errors.token) return 'invalid';
  return 'usable';
}

/**
 * auth.resetPassword, opened from the mailed link (`?token=`): a new password, and the user is
 * signed in and sent home. A used, cut or expired link says so, with the way to a new one.
 */
export function ResetPasswordScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const reset = useResetPassword();
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<string[]>();
  const [message, setMessage] = useState<string>();
  const [linkState, setLinkState] = useState<LinkState>(token ? 'usable' : 'invalid');
  const formRef = useRef<HTMLFormElement>(null);
  // Bumped on each refusal, so focus moves to the field marked (its error is read out).
  const [refusals, setRefusals] = useState(0);
  const queryClient = useQueryClient();
  // The new password is set; the account's second factor is still due before signing in.
  const [secondStep, setSecondStep] = useState<TwoFactorMethod[]>();

  function goHome(outcome: 'signed-in' | 'reload') {
    if (outcome === 'reload') loadPageAt(routes['auth.home']());
    else void navigate(routes['auth.home'](), { replace: true });
  }

  useEffect(() => {
    if (refusals === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusals]);

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const clientErrors = newPasswordErrors(t, password, resetPasswordBody);
    setErrors(clientErrors);
    setMessage(undefined);
    if (clientErrors) {
      setRefusals((count) => count + 1);
      return;
    }
    reset.mutate(
      { token, password },
      {
        onSuccess: (outcome) => {
          if (typeof outcome === 'object') setSecondStep(outcome.secondStep);
          else goHome(outcome);
        },
        onError: (error) => {
          const state = linkStateOf(error);
          if (state !== 'usable') {
            setLinkState(state);
            return;
          }
          const server = serverFormErrors(t, error, { password: 'password' });
          // password_too_common is about the field, whether or not the server named it.
          const fieldErrors =
            server.fields.password ??
            (isApiError(error, 'password_too_common') ? [errorMessage(t, error)] : undefined);
          setErrors(fieldErrors);
          setMessage(fieldErrors ? undefined : server.message);
          setRefusals((count) => count + 1);
        },
      },
    );
  }

  if (secondStep) {
    // Running out or going back: the new password works on the sign-in page.
    const toSignIn = () => void navigate(routes['auth.signIn'](), { replace: true });
    return (
      <AuthLayout title={t('recovery.reset.title')}>
        <p role="status" className="text-center text-sm text-neutral-700">
          {t('recovery.reset.secondStep')}
        </p>
        <SignInSecondStep
          methods={secondStep}
          onSignedIn={(user) => goHome(finishSignIn(queryClient, user))}
          onExpired={toSignIn}
          onBack={toSignIn}
        />
        <LegalLinks />
      </AuthLayout>
    );
  }

  if (linkState !== 'usable') {
    return (
      <AuthLayout title={t('recovery.link.invalidTitle')}>
        <LinkProblem
          message={t(linkState === 'expired' ? 'recovery.link.expired' : 'recovery.link.invalid')}
        >
          <Link to={routes['auth.forgotPassword']()} className={buttonClass('primary')}>
            {t('recovery.link.requestNew')}
          </Link>
          <Link to={routes['auth.signIn']()} className={buttonClass('secondary')}>
            {t('recovery.forgot.backToSignIn')}
          </Link>
        </LinkProblem>
        <LegalLinks />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={t('recovery.reset.title')}>
      <p className="text-center text-sm text-neutral-700">{t('recovery.reset.intro')}</p>
      <form ref={formRef} noValidate onSubmit={handleSubmit} className="flex flex-col gap-4">
        <FormAlert message={message} />
        <NewPasswordField
          label={t('recovery.reset.newPassword')}
          value={password}
          onChange={(next) => {
            setPassword(next);
            setErrors(undefined);
          }}
          errors={errors}
        />
        <Button type="submit" disabled={reset.isPending} aria-busy={reset.isPending}>
          {reset.isPending ? t('recovery.reset.saving') : t('recovery.reset.save')}
        </Button>
      </form>
      <LegalLinks />
    </AuthLayout>
  );
}
