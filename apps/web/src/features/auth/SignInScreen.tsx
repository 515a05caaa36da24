import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { hasErrors, serverFormErrors, type FieldErrorMap } from '../../lib/form-errors.ts';
import { routes, safeNext } from '../../routes.ts';
import { Button, focusRing } from '../../ui/Button.tsx';
import { cn } from '../../ui/cn.ts';
import { Field, inputClass } from '../../ui/Field.tsx';
import { FormAlert, FormErrorHint } from '../../ui/FormErrorHint.tsx';
import { PasswordInput } from '../../ui/PasswordInput.tsx';
import { useSignIn } from './auth.queries.ts';
import { AuthLayout, LegalLinks } from './AuthLayout.tsx';

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

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const clientErrors: FieldErrorMap<SignInField> = {};
    if (!email.trim()) clientErrors.email = [t('fields.required')];
    if (!password) clientErrors.password = [t('fields.required')];
    setErrors(clientErrors);
    setMessage(undefined);
    if (hasErrors(clientErrors)) return;
    signIn.mutate(
      { email: email.trim(), password },
      {
        onSuccess: () => void navigate(safeNext(next), { replace: true }),
        onError: (error) => {
          const server = serverFormErrors(t, error, { email: 'email', password: 'password' });
          setErrors(server.fields);
          setMessage(server.message);
        },
      },
    );
  }

  const fieldErrorsShown = hasErrors(errors);
  return (
    <AuthLayout title={t('auth.signInTitle')}>
      <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-4">
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
