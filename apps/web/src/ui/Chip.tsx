import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { accentFill } from './Button.tsx';
import { cn } from './cn.ts';

interface ChipProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> {
  selected: boolean;
  children: ReactNode;
}

/** A toggle chip: a real button whose pressed state is announced. */
export function Chip({ selected, className, children, ...rest }: ChipProps) {
  return (
    <button
      type="button"
      aria-pressed={selected}
      className={cn(
        'inline-flex min-h-10 min-w-10 items-center justify-center gap-1 rounded-full border px-3 text-sm font-medium transition-colors',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent',
        selected
          ? cn('border-accent', accentFill)
          : 'border-neutral-300 bg-white text-neutral-800 hover:border-accent',
        className,
      )}
      {...rest}
    >
      {children}
    </button>
  );
}

/** A read-only chip for showing a value (no interaction, so not a button). */
export function ReadOnlyChip({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex min-h-8 items-center gap-1 rounded-full bg-neutral-100 px-3 text-sm text-neutral-800',
        className,
      )}
    >
      {children}
    </span>
  );
}
