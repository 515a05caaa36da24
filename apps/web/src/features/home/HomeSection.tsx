import { useId, type ReactNode } from 'react';

interface HomeSectionProps {
  title: string;
  children: ReactNode;
}

/** A titled home section; a landmark region so it can be reached and found by its title. */
export function HomeSection({ title, children }: HomeSectionProps) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-2 px-4 py-3 lg:gap-3 lg:px-8 lg:py-4"
    >
      <h2 id={headingId} className="text-base font-bold text-neutral-900">
        {title}
      </h2>
      {children}
    </section>
  );
}
