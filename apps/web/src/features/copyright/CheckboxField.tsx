import { useId, type ReactNode } from 'react';
import { cn } from '../../ui/cn.ts';
import { FieldErrors } from '../../ui/Field.tsx';

/** A statement the sender must confirm: the sentence is the label, its error below. */
export function CheckboxField({
  checked,
  onChange,
  children,
  errors = [],
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
  errors?: string[] | undefined;
}) {
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
