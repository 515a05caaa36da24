import type { InputHTMLAttributes, KeyboardEvent } from 'react';
import { cn } from './cn.ts';
import { inputClass, type FieldControlProps } from './Field.tsx';

type InputProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  keyof FieldControlProps | 'readOnly' | 'onClick' | 'onKeyDown'
>;

interface LockedPriceInputProps extends FieldControlProps, InputProps {
  /** Only identity-verified users may set a price (spec 1 and 5). */
  verified: boolean;
  /** The locked field was clicked or typed into: check verification again, or explain it. */
  onLockedUse: () => void;
}

/**
 * A price input that is locked for unverified users but stays focusable and clickable
 * (aria-disabled, not disabled), so using it can say why and offer verification. Used by the
 * story posting form and Go live.
 */
export function LockedPriceInput({
  verified,
  onLockedUse,
  className,
  ...input
}: LockedPriceInputProps) {
  function handleLockedKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    // Moving on (Tab) or away (Escape) is not an attempt to set a price.
    if (['Tab', 'Shift', 'Escape'].includes(event.key)) return;
    event.preventDefault();
    onLockedUse();
  }

  return (
    <input
      inputMode="decimal"
      {...input}
      readOnly={!verified}
      aria-disabled={!verified || undefined}
      onClick={verified ? undefined : onLockedUse}
      onKeyDown={verified ? undefined : handleLockedKeyDown}
      className={cn(
        inputClass,
        // Variants win over the base bg-white of inputClass.
        'aria-disabled:cursor-not-allowed aria-disabled:bg-neutral-100 aria-disabled:text-neutral-500',
        className,
      )}
    />
  );
}
