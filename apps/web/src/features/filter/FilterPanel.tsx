import { ChevronDown } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { focusRing } from '../../ui/Button.tsx';
import { cn } from '../../ui/cn.ts';

interface FilterPanelProps {
  title: string;
  /** A short summary next to the title, e.g. how many are chosen. */
  summary?: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  children: ReactNode;
}

/**
 * A collapsible filter panel. Its body grows with its list and scrolls with the dialog, the one
 * scroll container (a 300 px scroll box of its own, spec 2, nested a scroller in a scroller:
 * docs/decisions.md); while open, its title stays at the top of the dialog as the list passes.
 */
export function FilterPanel({ title, summary, open, onOpenChange, children }: FilterPanelProps) {
  const bodyId = useId();
  return (
    <section className="rounded-2xl border border-neutral-200">
      <h3 className={cn(open && 'sticky -top-5 z-10 rounded-t-2xl bg-white')}>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => onOpenChange(!open)}
          className={cn(
            'flex min-h-12 w-full items-center gap-2 rounded-2xl px-3 text-left text-sm font-semibold text-neutral-900',
            focusRing,
          )}
        >
          <span className="flex-1">{title}</span>
          {summary && <span className="text-xs font-normal text-neutral-600">{summary}</span>}
          <ChevronDown
            aria-hidden="true"
            size={18}
            className={cn('transition-transform', open && 'rotate-180')}
          />
        </button>
      </h3>
      <div id={bodyId} hidden={!open} data-testid="filter-panel-body" className="px-3 pb-3">
        {open && children}
      </div>
    </section>
  );
}
