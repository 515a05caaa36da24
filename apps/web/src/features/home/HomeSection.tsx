import { useId, type ReactNode } from 'react';

interface HomeSectionProps {
  title: string;
  /** Lets an empty section elsewhere bring this one into view (revealSection). */
  id?: string;
  children: ReactNode;
}

/** A titled home section; a landmark region so it can be reached and found by its title. */
export function HomeSection({ title, id, children }: HomeSectionProps) {
  const headingId = useId();
  return (
    <section
      id={id}
      // Focusable only from script: revealSection moves focus here.
      tabIndex={id ? -1 : undefined}
      aria-labelledby={headingId}
      className="flex scroll-mt-16 flex-col gap-2 px-4 py-3 focus-visible:outline-none lg:gap-3 lg:px-8 lg:py-4"
    >
      <h2 id={headingId} className="text-base font-bold text-neutral-900">
        {title}
      </h2>
      {children}
    </section>
  );
}
