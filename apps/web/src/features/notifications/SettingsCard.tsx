import { useId, type ReactNode } from 'react';

/** A titled card of the notification settings, as the settings screens draw theirs. */
export function SettingsCard({
  heading,
  hint,
  children,
}: {
  heading: string;
  hint?: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-xl border border-neutral-200 bg-white p-4"
    >
      <div className="flex flex-col gap-1">
        <h2 id={headingId} className="text-base font-semibold text-neutral-900">
          {heading}
        </h2>
        {hint && <p className="text-sm text-neutral-600">{hint}</p>}
      </div>
      {children}
    </section>
  );
}
