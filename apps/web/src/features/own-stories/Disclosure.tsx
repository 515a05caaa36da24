import { ChevronDown } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { focusRing } from '../../ui/Button.tsx';
import { cn } from '../../ui/cn.ts';

interface DisclosureProps {
  title: ReactNode;
  /** Beside the title, at the end of the row (a total, a count). */
  summary?: ReactNode;
  /** Called as it opens or closes (a list loads when first opened). */
  onOpenChange?: (open: boolean) => void;
  children: ReactNode;
}

/**
 * A section that expands under its header row (the disclosure pattern): a button with
 * `aria-expanded` and a chevron that turns as it opens, the content shown only while open.
 */
export function Disclosure({ title, summary, onOpenChange, children }: DisclosureProps) {
  const [open, setOpen] = useState(false);
  const contentId = useId();

  function handleToggle() {
    setOpen(!open);
    onOpenChange?.(!open);
  }

  return (
    <div className="rounded-xl border border-neutral-200">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={contentId}
        onClick={handleToggle}
        className={cn(
          'flex min-h-11 w-full items-center gap-2 rounded-xl px-3 text-left font-medium hover:bg-neutral-50',
          focusRing,
        )}
      >
        <ChevronDown
          aria-hidden="true"
          size={18}
          data-testid="disclosure-chevron"
          className={cn(
            'shrink-0 text-neutral-600 transition-transform motion-reduce:transition-none',
            open && 'rotate-180',
          )}
        />
        <span className="min-w-0 flex-1 truncate">{title}</span>
        {summary}
      </button>
      <div id={contentId} hidden={!open} className="border-t border-neutral-200 px-3 py-2 text-sm">
        {children}
      </div>
    </div>
  );
}
