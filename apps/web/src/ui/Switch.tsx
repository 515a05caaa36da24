import { useId } from 'react';
import { cn } from './cn.ts';

interface SwitchProps {
  label: string;
  hint?: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
}

/** An on/off setting: a native checkbox with the switch role, so it stays keyboard operable. */
export function Switch({ label, hint, checked, onCheckedChange }: SwitchProps) {
  const id = useId();
  return (
    <div className="flex min-h-11 items-center justify-between gap-3">
      <label htmlFor={id} className="flex flex-col text-sm font-medium text-neutral-900">
        {label}
        {hint && <span className="text-xs font-normal text-neutral-600">{hint}</span>}
      </label>
      <span className="relative inline-flex">
        <input
          id={id}
          type="checkbox"
          role="switch"
          checked={checked}
          onChange={(event) => onCheckedChange(event.target.checked)}
          className="peer absolute inset-0 z-10 size-full cursor-pointer opacity-0"
        />
        <span
          aria-hidden="true"
          className={cn(
            'h-7 w-12 rounded-full transition-colors peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-accent',
            checked ? 'bg-accent' : 'bg-neutral-300',
          )}
        >
          <span
            className={cn(
              // Light in both themes: the dark theme's white is its card colour.
              'mt-1 block size-5 rounded-full bg-white shadow transition-transform dark:bg-neutral-800',
              checked ? 'translate-x-6' : 'translate-x-1',
            )}
          />
        </span>
      </span>
    </div>
  );
}
