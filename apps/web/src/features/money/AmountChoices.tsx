import { useId } from 'react';
import { formatMoney } from '../../lib/money.ts';
import { cn } from '../../ui/cn.ts';

interface AmountChoicesProps {
  legend: string;
  amounts: readonly number[];
  /** The chosen amount, or null when none is (a custom amount is typed instead). */
  value: number | null;
  onChange: (amount: number) => void;
}

/** Amounts as a row of radio chips (tip presets, top-up presets): arrows move between them. */
export function AmountChoices({ legend, amounts, value, onChange }: AmountChoicesProps) {
  const name = useId();
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 text-sm font-medium text-neutral-900">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {amounts.map((amount) => (
          <label
            key={amount}
            className={cn(
              'relative inline-flex min-h-11 min-w-16 cursor-pointer items-center justify-center rounded-xl border px-3 font-semibold tabular-nums',
              'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-accent',
              value === amount
                ? 'border-accent bg-accent/15 text-accent-strong'
                : 'border-neutral-300 bg-white text-neutral-900 hover:bg-neutral-50',
            )}
          >
            <input
              type="radio"
              className="sr-only"
              name={name}
              checked={value === amount}
              onChange={() => onChange(amount)}
            />
            {formatMoney(amount)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
