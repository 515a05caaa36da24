import { LinkIcon } from 'lucide-react';
import type { ReactNode } from 'react';

interface LinkProblemProps {
  /** Why: used already, cut short, or expired. */
  message: string;
  /** The way on: a new link, sign in. */
  children: ReactNode;
}

/** A mailed link that cannot be used any more: what happened and the way to a new one. */
export function LinkProblem({ message, children }: LinkProblemProps) {
  return (
    <div className="flex flex-col items-center gap-4 text-center">
      <LinkIcon aria-hidden="true" size={32} className="text-neutral-500" />
      <p role="alert" className="max-w-sm text-base text-neutral-800">
        {message}
      </p>
      <div className="flex w-full flex-col gap-3">{children}</div>
    </div>
  );
}
