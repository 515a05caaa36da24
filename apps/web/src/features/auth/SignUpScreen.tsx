import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Trans } from 'react-i18next/TransWithoutContext';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { latestAdultBirthdate } from '../../lib/dates.ts';
import { hasErrors, type FieldErrorMap } from '../../lib/form-errors.ts';
import { routes, safeNext } from '../../routes.ts';
import { Button } from '../../ui/Button.tsx';
import { Field, inputClass } from '../../ui/Field.tsx';
import { FormAlert, FormErrorHint } from '../../ui/FormErrorHint.tsx';
import { NewPasswordField } from '../../ui/PasswordInput.tsx';
import { CountrySelect } from '../reference/index.ts';
import { SexRadioGroup } from '../reference/index.ts';
import { useSignUp } from './auth.queries.ts';
import { AuthLayout } from './AuthLayout.tsx';
import { ConsentCheckbox } from './ConsentCheckbox.tsx';
import {
  emptySignUp,
  missingSignUpFields,
  signUpRefusal,
  toRegisterBody,
  validateSignUp,
  type SignUpField,
  type SignUpHint,
  type SignUpValues,
} from './sign-up-form.ts';

/** The Terms and Privacy links in the consent sentence open beside the half-filled form. */
const legalLink = 'font-semibold text-accent-strong underline underline-offset-2';

export function SignUpScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const next = searchParams.get('next') ?? undefined;
  const signUp = useSignUp();
  const [values, setValues] = useState<SignUpValues>(emptySignUp);
  const [errors, setErrors] = useState<FieldErrorMap<SignUpField>>({});
  const [message, setMessage] = useState<string>();
  const [hint, setHint] = useState<SignUpHint>();
  // Bumped on each refusal, so focus moves to the field the server marked (its error is read).
  const [refusals, setRefusals] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (refusals === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusals]);

  function update<K extends SignUpField>(field: K, value: SignUpValues[K]) {
    setValues((current) => ({ ...current, [field]: value }));
    // An edited field's old error no longer describes it.
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const clientErrors = validateSignUp(values, t);
    setErrors(clientErrors);
    setMessage(undefined);
    const invalid = hasErrors(clientErrors);
    setHint(missingSignUpFields(values).length > 0 ? 'missing' : invalid ? 'fix' : undefined);
    if (invalid) return;
    signUp.mutate(toRegisterBody(values), {
      // The new account is signed in by the server, so go straight on.
      onSuccess: () => void navigate(safeNext(next), { replace: true }),
      onError: (error) => {
        const refusal = signUpRefusal(t, error);
        setErrors(refusal.fields);
        setMessage(refusal.message);
        setHint(refusal.hint);
        setRefusals((count) => count + 1);
      },
    });
  }

  const textInput = (field: 'email' | 'name', type: string, autoComplete: string) =>
    function renderInput(control: object) {
      return (
        <input
          {...control}
          type={type}
          autoComplete={autoComplete}
          required
          value={values[field]}
          onChange={(event) => update(field, event.target.value)}
          className={inputClass}
        />
      );
    };

  return (
    <AuthLayout title={t('auth.signUpTitle')}>
      <form ref={formRef} noValidate onSubmit={handleSubmit} className="flex flex-col gap-4">
        {hint === 'missing' && hasErrors(errors) ? (
          <FormErrorHint show message={message} />
        ) : (
          <FormAlert
            message={
              hint === 'fix' && hasErrors(errors)
                ? (message ?? t('errors.validation_failed'))
                : message
            }
          />
        )}
        <Field label={t('auth.email')} errors={errors.email}>
          {textInput('email', 'email', 'email')}
        </Field>
        <NewPasswordField
          label={t('auth.password')}
          value={values.password}
          onChange={(password) => update('password', password)}
          errors={errors.password}
        />
        <Field label={t('auth.name')} errors={errors.name}>
          {textInput('name', 'text', 'name')}
        </Field>
        <Field label={t('auth.birthdate')} hint={t('auth.birthdateHint')} errors={errors.birthdate}>
          {(control) => (
            <input
              {...control}
              type="date"
              autoComplete="bday"
              required
              max={latestAdultBirthdate()}
              value={values.birthdate}
              onChange={(event) => update('birthdate', event.target.value)}
              className={inputClass}
            />
          )}
        </Field>
        <SexRadioGroup
          legend={t('auth.sex')}
          value={values.sex}
          onChange={(sex) => update('sex', sex)}
          errors={errors.sex}
        />
        <CountrySelect
          label={t('auth.country')}
          value={values.country}
          onChange={(code) => update('country', code)}
          errors={errors.country}
        />
        <ConsentCheckbox
          checked={values.acceptTerms}
          onChange={(checked) => update('acceptTerms', checked)}
          errors={errors.acceptTerms}
        >
          <Trans
            t={t}
            i18nKey="auth.consent.terms"
            components={{
              terms: (
                <Link
                  to={routes['legal.terms']()}
                  target="_blank"
                  rel="noopener"
                  className={legalLink}
                />
              ),
              privacy: (
                <Link
                  to={routes['legal.privacy']()}
                  target="_blank"
                  rel="noopener"
                  className={legalLink}
                />
              ),
            }}
          />
        </ConsentCheckbox>
        <ConsentCheckbox
          checked={values.confirmAdult}
          onChange={(checked) => update('confirmAdult', checked)}
          errors={errors.confirmAdult}
        >
          {t('auth.consent.adult')}
        </ConsentCheckbox>
        <Button type="submit" disabled={signUp.isPending} aria-busy={signUp.isPending}>
          {t('auth.createAccount')}
        </Button>
      </form>
      <p className="text-center text-sm text-neutral-700">
        {t('auth.haveAccount')}{' '}
        <Link
          to={routes['auth.signIn']({ next })}
          className="font-semibold text-accent-strong underline-offset-2 hover:underline"
        >
          {t('auth.signIn')}
        </Link>
      </p>
    </AuthLayout>
  );
}
