import type { ReactNode } from 'react';

interface EmptyStateProps {
  icon?: ReactNode;
  title: string;
  children?: ReactNode;
}

export function EmptyState({ icon, title, children }: EmptyStateProps) {
  return (
    <div className="flex flex-col items-center gap-2 px-6 py-12 text-center">
      {icon && (
        <span aria-hidden="true" className="text-neutral-400">
          {icon}
        </span>
      )}
      <h2 className="text-lg font-semibold text-neutral-900">{title}</h2>
      {children && <div className="max-w-sm text-sm text-neutral-600">{children}</div>}
    </div>
  );
}
