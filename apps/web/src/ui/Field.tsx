import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from './cn.ts';

export const inputClass = cn(
  'block min-h-11 w-full rounded-xl border border-neutral-300 bg-white px-3 text-base text-neutral-900',
  'placeholder:text-neutral-400 focus-visible:border-accent focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-accent',
  'aria-[invalid=true]:border-red-600',
);

export interface FieldControlProps {
  id: string;
  'aria-describedby': string | undefined;
  'aria-invalid': boolean;
}

interface FieldProps {
  label: ReactNode;
  hint?: ReactNode;
  errors?: string[];
  className?: string;
  /** Renders the control wired to the label, hint and errors. */
  children: (control: FieldControlProps) => ReactNode;
}

/** A labelled form control with an optional hint and the errors shown under it. */
export function Field({ label, hint, errors = [], className, children }: FieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = errors.length > 0 ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('flex flex-col gap-1', className)}>
      <label htmlFor={id} className="text-sm font-medium text-neutral-900">
        {label}
      </label>
      {children({ id, 'aria-describedby': describedBy, 'aria-invalid': errors.length > 0 })}
      {hint && (
        <p id={hintId} className="text-xs text-neutral-600">
          {hint}
        </p>
      )}
      <FieldErrors id={errorId} errors={errors} />
    </div>
  );
}

export function FieldErrors({ id, errors }: { id?: string | undefined; errors: string[] }) {
  if (errors.length === 0) return null;
  return (
    <ul id={id} className="text-sm text-red-700">
      {errors.map((message) => (
        <li key={message}>{message}</li>
      ))}
    </ul>
  );
}

/**
 * A note a decision must carry (a moderator's reason): a short text area whose error, once the
 * form was sent without one, says it is required. `onChange` gets the text as typed.
 */
export function RequiredNoteField({
  label,
  value,
  missing,
  onChange,
}: {
  label: ReactNode;
  value: string;
  missing: boolean;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <Field label={label} errors={missing ? [t('fields.required')] : undefined}>
      {(control) => (
        <textarea
          {...control}
          rows={2}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          className={`${inputClass} py-2`}
        />
      )}
    </Field>
  );
}
