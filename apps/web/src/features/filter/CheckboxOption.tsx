import type { ReactNode } from 'react';
import { cn } from '../../ui/cn.ts';

interface CheckboxOptionProps {
  label: ReactNode;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  /** Shown before the label (a flag, an icon). */
  leading?: ReactNode;
  className?: string;
}

/** A native checkbox with a large touch target; the whole row is its label. */
export function CheckboxOption({
  label,
  checked,
  onCheckedChange,
  leading,
  className,
}: CheckboxOptionProps) {
  return (
    <label
      className={cn(
        'flex min-h-11 cursor-pointer items-center gap-3 rounded-xl px-2 text-sm font-medium text-neutral-900 hover:bg-neutral-50',
        'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-1 has-[:focus-visible]:outline-accent',
        className,
      )}
    >
      <input
        type="checkbox"
        checked={checked}
        onChange={(event) => onCheckedChange(event.target.checked)}
        className="size-5 shrink-0 accent-accent-strong"
      />
      {leading}
      <span className="min-w-0 flex-1 truncate">{label}</span>
    </label>
  );
}
