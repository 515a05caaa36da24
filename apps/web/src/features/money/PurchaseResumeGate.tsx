import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { RESUME_PARAM, TOP_UP_PARAM } from './purchase-resume.ts';

const PurchaseResumer = lazy(() =>
  import('./PurchaseResumer.tsx').then((m) => ({ default: m.PurchaseResumer })),
);

/**
 * Mounted on every signed-in screen; loads the resumer only when the address says a purchase
 * waits (a checkout's return), so the first route's bundle does not carry it.
 */
export function PurchaseResumeGate() {
  const [searchParams] = useSearchParams();
  const waiting = searchParams.has(RESUME_PARAM) || searchParams.has(TOP_UP_PARAM);
  if (!waiting) return null;
  return (
    <Suspense fallback={null}>
      <PurchaseResumer />
    </Suspense>
  );
}
