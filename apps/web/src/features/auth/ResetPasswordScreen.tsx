import './recovery-texts.ts';
import { resetPasswordBody } from '@glimpse/contract';
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
import { NewPasswordField } from '../../ui/PasswordInput.tsx';
import { AuthLayout, LegalLinks } from './AuthLayout.tsx';
import { loadPageAt } from './full-load.ts';
import { LinkProblem } from './LinkProblem.tsx';
import { useResetPassword } from './recovery.queries.ts';

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
          if (outcome === 'reload') loadPageAt(routes['auth.home']());
          else void navigate(routes['auth.home'](), { replace: true });
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
