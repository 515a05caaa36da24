import { useId, type ReactNode } from 'react';
import { cn } from '../../ui/cn.ts';
import { FieldErrors } from '../../ui/Field.tsx';

interface ConsentCheckboxProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** The sentence agreed to; may hold links (they open without ticking the box). */
  children: ReactNode;
  errors?: string[] | undefined;
}

/** A required consent box of the sign-up form, its sentence as the label and its error below. */
export function ConsentCheckbox({
  checked,
  onChange,
  children,
  errors = [],
}: ConsentCheckboxProps) {
  const id = useId();
  const errorId = errors.length > 0 ? `${id}-error` : undefined;
  return (
    <div className="flex flex-col gap-1">
      <label
        className={cn(
          'flex min-h-11 cursor-pointer items-start gap-3 rounded-xl py-2 text-sm text-neutral-900',
          'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-accent',
        )}
      >
        <input
          type="checkbox"
          required
          checked={checked}
          aria-invalid={errors.length > 0}
          aria-describedby={errorId}
          onChange={(event) => onChange(event.target.checked)}
          className="mt-0.5 size-5 shrink-0 accent-accent-strong"
        />
        <span className="min-w-0 flex-1">{children}</span>
      </label>
      <FieldErrors id={errorId} errors={errors} />
    </div>
  );
}
