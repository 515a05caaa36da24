import { PASSWORD_MAX, PASSWORD_MIN } from '@glimpse/contract';
import { Eye, EyeOff } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconButton } from './Button.tsx';
import { cn } from './cn.ts';
import { Field, inputClass, type FieldControlProps } from './Field.tsx';

interface PasswordInputProps {
  control: FieldControlProps;
  value: string;
  onChange: (value: string) => void;
  autoComplete: 'current-password' | 'new-password';
}

/**
 * A password field with an eye button that shows what was typed (a phone's keyboard makes typos
 * easy and hides them). The button is a toggle: its name says what pressing it does and
 * aria-pressed whether the password shows.
 */
export function PasswordInput({ control, value, onChange, autoComplete }: PasswordInputProps) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <div className="relative">
      <input
        {...control}
        type={visible ? 'text' : 'password'}
        autoComplete={autoComplete}
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        required
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={cn(inputClass, 'pr-12')}
      />
      <IconButton
        label={t(visible ? 'auth.hidePassword' : 'auth.showPassword')}
        aria-pressed={visible}
        aria-controls={control.id}
        onClick={() => setVisible(!visible)}
        className="absolute inset-y-0 right-0 my-auto text-neutral-600"
      >
        {visible ? <EyeOff aria-hidden="true" size={20} /> : <Eye aria-hidden="true" size={20} />}
      </IconButton>
    </div>
  );
}

interface NewPasswordFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  errors: string[] | undefined;
}

/** A new password with sign-up's rule under it and the eye button (sign-up, reset, change). */
export function NewPasswordField({ label, value, onChange, errors }: NewPasswordFieldProps) {
  const { t } = useTranslation();
  return (
    <Field
      label={label}
      // While an error says what is wrong, the rule would only repeat it.
      hint={errors ? undefined : t('auth.passwordHint', { min: PASSWORD_MIN, max: PASSWORD_MAX })}
      errors={errors}
    >
      {(control) => (
        <PasswordInput
          control={control}
          autoComplete="new-password"
          value={value}
          onChange={onChange}
        />
      )}
    </Field>
  );
}
