import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Avatar } from './Avatar.tsx';
import { cn } from './cn.ts';

interface PersonRowProps {
  name: string;
  image: string | null;
  /** Their profile. */
  to: string;
  /** What this list says about them (since when, until when). */
  details: ReactNode;
  /** A button at the end of the row. */
  action?: ReactNode;
  /** From the small breakpoint, the name and the details share one line. */
  inline?: boolean;
}

/** One person in a list of people (subscribers, blocked): photo, name to their profile, details. */
export function PersonRow({ name, image, to, details, action, inline }: PersonRowProps) {
  return (
    <li className="flex items-center gap-3 px-3 py-3">
      {/* The name beside it says who this is: the photo is decoration for a screen reader. */}
      <span aria-hidden="true" className="flex">
        <Avatar src={image} name={name} size="sm" lazy />
      </span>
      <div
        className={cn(
          'flex min-w-0 flex-1 flex-col gap-0.5',
          inline && 'sm:flex-row sm:items-center sm:gap-3',
        )}
      >
        <Link
          to={to}
          className={cn(
            'truncate font-medium text-neutral-900 underline-offset-2 hover:underline',
            inline && 'sm:flex-1',
          )}
        >
          {name}
        </Link>
        {details}
      </div>
      {action}
    </li>
  );
}
