import type { ButtonHTMLAttributes } from 'react';
import { focusRing } from '../../ui/Button.tsx';
import { cn } from '../../ui/cn.ts';

/** A round icon button for the dark viewer; `label` names it since the icon has no text. */
export function ViewerIconButton({
  label,
  className,
  type = 'button',
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & { label: string }) {
  return (
    <button
      type={type}
      aria-label={label}
      title={label}
      className={cn(
        'pointer-events-auto inline-flex size-11 shrink-0 items-center justify-center rounded-full text-white drop-shadow',
        'hover:bg-white/15 aria-pressed:bg-white/25 disabled:opacity-50',
        focusRing,
        className,
      )}
      {...rest}
    />
  );
}
