import { FILTER_PANEL_MAX_HEIGHT_PX } from '@glimpse/contract';
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

/** A collapsible filter panel; its body scrolls past 300 px (spec 2 and 9). */
export function FilterPanel({ title, summary, open, onOpenChange, children }: FilterPanelProps) {
  const bodyId = useId();
  return (
    <section className="rounded-2xl border border-neutral-200">
      <h3>
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
      <div
        id={bodyId}
        hidden={!open}
        data-testid="filter-panel-body"
        style={{ maxHeight: FILTER_PANEL_MAX_HEIGHT_PX }}
        className="overflow-y-auto overscroll-contain px-3 pb-3"
      >
        {open && children}
      </div>
    </section>
  );
}
