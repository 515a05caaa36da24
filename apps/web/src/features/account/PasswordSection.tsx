import { changePasswordBody } from '@glimpse/contract';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { hasErrors, type FieldErrorMap } from '../../lib/form-errors.ts';
import { newPasswordErrors } from '../../lib/new-password.ts';
import { Button } from '../../ui/Button.tsx';
import { Field } from '../../ui/Field.tsx';
import { FormAlert } from '../../ui/FormErrorHint.tsx';
import { NewPasswordField, PasswordInput } from '../../ui/PasswordInput.tsx';
import { useCurrentUser } from '../auth/index.ts';
import { useChangePassword } from './account.queries.ts';
import { formRefusal } from './form-refusal.ts';
import { AccountSection } from './AccountSection.tsx';
import { useSecondFactorGate } from './second-factor/use-second-factor-gate.tsx';
import { AccountUsername } from './AccountUsername.tsx';

type PasswordField = 'current' | 'password';

const serverFields: Record<string, PasswordField> = {
  current_password: 'current',
  password: 'password',
};

/** The field each refusal is about, whether or not the server named one. */
const fieldOfKey: Partial<Record<string, PasswordField>> = {
  password_incorrect: 'current',
  password_too_common: 'password',
};

/** Changing the password with the current one; every other device is signed out. */
export function PasswordSection() {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const change = useChangePassword();
  const { withSecondFactor, secondFactorDialog } = useSecondFactorGate();
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrorMap<PasswordField>>({});
  const [message, setMessage] = useState<string>();
  const [changed, setChanged] = useState(false);
  const [refusals, setRefusals] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (refusals === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusals]);

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const clientErrors: FieldErrorMap<PasswordField> = {
      current: current ? undefined : [t('fields.required')],
      password: newPasswordErrors(t, password, changePasswordBody),
    };
    setErrors(clientErrors);
    setMessage(undefined);
    setChanged(false);
    if (hasErrors(clientErrors)) {
      setRefusals((count) => count + 1);
      return;
    }
    // With two-factor on, a second factor given lately: asked for first when there is none.
    withSecondFactor(() => change.mutateAsync({ current_password: current, password })).then(
      () => {
        setCurrent('');
        setPassword('');
        setChanged(true);
      },
      (error: unknown) => {
        const refusal = formRefusal(t, error, serverFields, fieldOfKey);
        setErrors(refusal.fields);
        setMessage(refusal.message);
        setRefusals((count) => count + 1);
      },
    );
  }

  return (
    <AccountSection heading={t('account.password.heading')}>
      <form ref={formRef} noValidate onSubmit={handleSubmit} className="flex flex-col gap-4">
        <AccountUsername email={me.email} />
        <FormAlert message={message} />
        <Field label={t('account.password.currentPassword')} errors={errors.current}>
          {(control) => (
            <PasswordInput
              control={control}
              autoComplete="current-password"
              value={current}
              onChange={(next) => {
                setCurrent(next);
                setErrors((shown) => ({ ...shown, current: undefined }));
              }}
            />
          )}
        </Field>
        <NewPasswordField
          label={t('account.password.newPassword')}
          value={password}
          onChange={(next) => {
            setPassword(next);
            setErrors((shown) => ({ ...shown, password: undefined }));
          }}
          errors={errors.password}
        />
        <div className="flex flex-col items-start">
          <Button type="submit" disabled={change.isPending} aria-busy={change.isPending}>
            {change.isPending ? t('account.password.saving') : t('account.password.submit')}
          </Button>
          {/* Always in the page, so screen readers announce what appears in it. */}
          <p role="status" className="mt-3 text-sm text-green-900 empty:mt-0">
            {changed && t('account.password.changed')}
          </p>
        </div>
      </form>
      {secondFactorDialog}
    </AccountSection>
  );
}
