import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { cn } from './cn.ts';

type Variant = 'primary' | 'secondary' | 'ghost' | 'danger';

/** A fill in the spec's accent with text that meets WCAG AA on it (index.css, decisions.md). */
export const accentFill = 'bg-accent text-on-accent hover:bg-accent-hover';

const variants: Record<Variant, string> = {
  primary: `${accentFill} disabled:bg-accent/50`,
  secondary: 'border border-neutral-300 bg-white text-neutral-900 hover:bg-neutral-50',
  ghost: 'bg-transparent text-neutral-800 hover:bg-neutral-100',
  danger: 'border border-red-300 bg-white text-red-700 hover:bg-red-50',
};

/** Shared focus ring: visible on keyboard focus, in the accent colour. */
export const focusRing =
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent';

export function buttonClass(variant: Variant = 'primary', className?: string) {
  return cn(
    'inline-flex min-h-11 items-center justify-center gap-2 rounded-xl px-4 text-base font-semibold transition-colors disabled:cursor-not-allowed',
    focusRing,
    variants[variant],
    className,
  );
}

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
}

export function Button({ variant = 'primary', className, type = 'button', ...rest }: ButtonProps) {
  return <button type={type} className={buttonClass(variant, className)} {...rest} />;
}

/**
 * A button's room, invisible and hidden from assistive technology: what a screen shows while the
 * data of a button still loads, so that what sits below it does not move under a tap when the
 * button arrives.
 */
export function ButtonRoom({
  icon,
  label,
  variant = 'secondary',
  className,
}: {
  icon: ReactNode;
  label: string;
  variant?: Variant;
  className?: string;
}) {
  return (
    <span aria-hidden="true" className={buttonClass(variant, cn('invisible', className))}>
      {icon}
      {label}
    </span>
  );
}

const iconTones = {
  /** On the light app surfaces. */
  light: 'text-neutral-800 hover:bg-neutral-100',
  /** Over photos and video (story viewer): white with a shadow, pressed state visible. */
  overlay:
    'media-surface pointer-events-auto text-white drop-shadow hover:bg-white/15 aria-pressed:bg-white/25 disabled:opacity-50',
};

interface IconButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** Passed on to the button (React 19 hands a ref over as a prop), e.g. to give focus back. */
  ref?: Ref<HTMLButtonElement>;
  /** Required because the icon has no text. */
  label: string;
  tone?: keyof typeof iconTones;
}

/** A round icon-only button, 44 px so it is an easy touch target. */
export function IconButton({
  label,
  tone = 'light',
  className,
  type = 'button',
  ...rest
}: IconButtonProps) {
  return (
    <button
      type={type}
      aria-label={label}
      title={label}
      className={cn(
        'inline-flex size-11 shrink-0 items-center justify-center rounded-full',
        iconTones[tone],
        focusRing,
        className,
      )}
      {...rest}
    />
  );
}
