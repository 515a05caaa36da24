import type { ReactNode } from 'react';

/** The frame of the pages anyone may open, signed in or not: the wordmark, a heading, content. */
export function PublicPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main id="main" className="flex flex-1 flex-col gap-6 px-5 py-10">
      <div className="flex flex-col items-center gap-2 text-center">
        <p className="text-4xl font-extrabold tracking-tight text-accent-strong">Glimpse</p>
        <h1 className="text-xl font-semibold text-neutral-900">{title}</h1>
      </div>
      {children}
    </main>
  );
}
