import { BadgeCheck } from 'lucide-react';

/** The verified creator's check beside a name; `label` is its accessible name. */
export function VerifiedBadge({ label, size }: { label: string; size: number }) {
  return <BadgeCheck role="img" aria-label={label} size={size} className="shrink-0 text-accent" />;
}
