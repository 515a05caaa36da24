import { changeEmailBody } from '@glimpse/contract';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { contractFieldErrors } from '../../lib/contract-errors.ts';
import { hasErrors, type FieldErrorMap } from '../../lib/form-errors.ts';
import { Button } from '../../ui/Button.tsx';
import { Field, inputClass } from '../../ui/Field.tsx';
import { FormAlert } from '../../ui/FormErrorHint.tsx';
import { PasswordInput } from '../../ui/PasswordInput.tsx';
import { useChangeEmail } from './account.queries.ts';
import { formRefusal } from './form-refusal.ts';
import { useSecondFactorGate } from './second-factor/use-second-factor-gate.tsx';

type EmailField = 'email' | 'password';

const serverFields: Record<string, EmailField> = { email: 'email', password: 'password' };

/** The field each refusal is about, whether or not the server named one. */
const fieldOfKey: Partial<Record<string, EmailField>> = {
  password_incorrect: 'password',
  email_taken: 'email',
  email_unchanged: 'email',
};

interface ChangeEmailFormProps {
  currentEmail: string;
  onSent: (email: string) => void;
  onCancel: () => void;
}

/** A new address and the current password; a link goes to the new address to confirm it. */
export function ChangeEmailForm({ currentEmail, onSent, onCancel }: ChangeEmailFormProps) {
  const { t } = useTranslation();
  const change = useChangeEmail();
  const { withSecondFactor, secondFactorDialog } = useSecondFactorGate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrorMap<EmailField>>({});
  const [message, setMessage] = useState<string>();
  const [refusals, setRefusals] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (refusals === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusals]);

  function validate(address: string): FieldErrorMap<EmailField> {
    const found: FieldErrorMap<EmailField> = {};
    if (!address) found.email = [t('fields.required')];
    else if (address.toLowerCase() === currentEmail.toLowerCase()) {
      found.email = [t('errors.email_unchanged')];
    }
    if (!password) found.password = [t('fields.required')];
    const schema = contractFieldErrors(
      t,
      changeEmailBody,
      { email: address, password },
      {
        email: 'email',
      },
    );
    found.email ??= schema.email;
    return found;
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const address = email.trim();
    const clientErrors = validate(address);
    setErrors(clientErrors);
    setMessage(undefined);
    if (hasErrors(clientErrors)) {
      setRefusals((count) => count + 1);
      return;
    }
    // With two-factor on, a second factor given lately: asked for first when there is none.
    withSecondFactor(() => change.mutateAsync({ email: address, password })).then(
      () => onSent(address),
      (error: unknown) => {
        const refusal = formRefusal(t, error, serverFields, fieldOfKey);
        setErrors(refusal.fields);
        setMessage(refusal.message);
        setRefusals((count) => count + 1);
      },
    );
  }

  return (
    <>
      <form ref={formRef} noValidate onSubmit={handleSubmit} className="flex flex-col gap-4">
        <FormAlert message={message} />
        <Field label={t('account.email.newEmail')} errors={errors.email}>
          {(control) => (
            <input
              {...control}
              type="email"
              autoComplete="email"
              required
              // Opened by its button: typing starts here.
              autoFocus
              value={email}
              onChange={(event) => {
                setEmail(event.target.value);
                setErrors((current) => ({ ...current, email: undefined }));
              }}
              className={inputClass}
            />
          )}
        </Field>
        <Field label={t('account.email.currentPassword')} errors={errors.password}>
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
        <div className="flex flex-col-reverse gap-2 sm:flex-row">
          <Button variant="secondary" onClick={onCancel}>
            {t('account.email.cancel')}
          </Button>
          <Button type="submit" disabled={change.isPending} aria-busy={change.isPending}>
            {change.isPending ? t('account.email.sending') : t('account.email.submit')}
          </Button>
        </div>
      </form>
      {secondFactorDialog}
    </>
  );
}
