import { useId, type ReactNode, type Ref } from 'react';

interface AccountSectionProps {
  heading: string;
  children: ReactNode;
  /** The heading, to take the focus back after what had it went away (a signed-out row). */
  headingRef?: Ref<HTMLHeadingElement>;
}

/** One card of the security screen, a region named by its heading (the settings screen's look). */
export function AccountSection({ heading, children, headingRef }: AccountSectionProps) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="flex min-w-0 flex-col gap-3 rounded-xl border border-neutral-200 bg-white p-4"
    >
      <h2
        id={headingId}
        ref={headingRef}
        tabIndex={-1}
        className="text-base font-semibold text-neutral-900"
      >
        {heading}
      </h2>
      {children}
    </section>
  );
}
