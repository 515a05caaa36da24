import './recovery-texts.ts';
import { forgotPasswordBody } from '@glimpse/contract';
import { MailCheck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { contractFieldErrors } from '../../lib/contract-errors.ts';
import { serverFormErrors, type FieldErrorMap } from '../../lib/form-errors.ts';
import { routes } from '../../routes.ts';
import { Button, buttonClass } from '../../ui/Button.tsx';
import { Field, inputClass } from '../../ui/Field.tsx';
import { FormAlert } from '../../ui/FormErrorHint.tsx';
import { AuthLayout, LegalLinks } from './AuthLayout.tsx';
import { useForgotPassword } from './recovery.queries.ts';

/** Sign-in hands over what was typed in its email field, so it need not be typed twice. */
function emailFromSignIn(state: unknown): string {
  const email = (state as { email?: unknown } | null)?.email;
  return typeof email === 'string' ? email : '';
}

/**
 * auth.forgotPassword: asks for a link to choose a new password. "Check your mail" reads the
 * same whether or not the address has an account: the screen must not tell which ones do.
 */
export function ForgotPasswordScreen() {
  const { t } = useTranslation();
  const location = useLocation();
  const forgot = useForgotPassword();
  const [email, setEmail] = useState(() => emailFromSignIn(location.state));
  const [errors, setErrors] = useState<FieldErrorMap<'email'>>({});
  const [message, setMessage] = useState<string>();
  const [sentTo, setSentTo] = useState<string>();

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const address = email.trim();
    const clientErrors: FieldErrorMap<'email'> = address
      ? contractFieldErrors(t, forgotPasswordBody, { email: address }, { email: 'email' })
      : { email: [t('fields.required')] };
    setErrors(clientErrors);
    setMessage(undefined);
    if (clientErrors.email) return;
    forgot.mutate(address, {
      onSuccess: () => setSentTo(address),
      onError: (error) => {
        const server = serverFormErrors(t, error, { email: 'email' });
        setErrors(server.fields);
        setMessage(server.fields.email ? undefined : server.message);
      },
    });
  }

  if (sentTo) {
    return (
      <AuthLayout title={t('recovery.forgot.sentTitle')}>
        <div className="flex flex-col items-center gap-3 text-center">
          <MailCheck aria-hidden="true" size={36} className="text-accent-strong" />
          {/* Announced: the form it replaces had the focus. */}
          <p role="status" className="max-w-sm text-base break-words text-neutral-800">
            {t('recovery.forgot.sent', { email: sentTo })}
          </p>
          <p className="max-w-sm text-sm text-neutral-600">{t('recovery.forgot.sentHint')}</p>
        </div>
        <div className="flex flex-col gap-3">
          <Link to={routes['auth.signIn']()} className={buttonClass('primary')}>
            {t('recovery.forgot.backToSignIn')}
          </Link>
          <Button variant="secondary" onClick={() => setSentTo(undefined)}>
            {t('recovery.forgot.otherAddress')}
          </Button>
        </div>
        <LegalLinks />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={t('recovery.forgot.title')}>
      <p className="text-center text-sm text-neutral-700">{t('recovery.forgot.intro')}</p>
      <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-4">
        <FormAlert message={message} />
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
                setErrors({});
              }}
              className={inputClass}
            />
          )}
        </Field>
        <Button type="submit" disabled={forgot.isPending} aria-busy={forgot.isPending}>
          {forgot.isPending ? t('recovery.forgot.sending') : t('recovery.forgot.send')}
        </Button>
      </form>
      <p className="text-center text-sm">
        <Link
          to={routes['auth.signIn']()}
          className="font-semibold text-accent-strong underline-offset-2 hover:underline"
        >
          {t('recovery.forgot.backToSignIn')}
        </Link>
      </p>
      <LegalLinks />
    </AuthLayout>
  );
}
