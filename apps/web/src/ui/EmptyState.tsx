import type { ReactNode } from 'react';

interface EmptyStateProps {
  icon?: ReactNode;
  title: string;
  children?: ReactNode;
  /** What the person can do about it (a button or link, or a few). */
  action?: ReactNode;
  /**
   * `page` (default): centred, with its own heading, where a whole screen or list is empty.
   * `section`: one line and its actions inside a titled section (a home row), no heading.
   */
  variant?: 'page' | 'section';
}

export function EmptyState({ icon, title, children, action, variant = 'page' }: EmptyStateProps) {
  if (variant === 'section') {
    return (
      <div className="flex flex-col items-start gap-2 py-2" data-testid="empty-state">
        <p className="text-sm text-neutral-600">{title}</p>
        {children && <div className="text-sm text-neutral-600">{children}</div>}
        {action && <div className="flex flex-wrap gap-2">{action}</div>}
      </div>
    );
  }
  return (
    <div className="flex flex-col items-center gap-2 px-6 py-12 text-center">
      {icon && (
        <span aria-hidden="true" className="text-neutral-400">
          {icon}
        </span>
      )}
      <h2 className="text-lg font-semibold text-neutral-900">{title}</h2>
      {children && <div className="max-w-sm text-sm text-neutral-600">{children}</div>}
      {action && <div className="mt-2 flex flex-wrap justify-center gap-2">{action}</div>}
    </div>
  );
}
