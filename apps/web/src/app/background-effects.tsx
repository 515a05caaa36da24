import { MoneyBackground } from '../features/money/index.ts';
import { RemovalsWatcher } from '../features/realtime-removals/index.ts';
import { VerificationWatcher } from '../features/verification/index.ts';

/** The idle-loaded part of every signed-in screen (IdleBackground). */
export function BackgroundEffects() {
  return (
    <>
      <MoneyBackground />
      <VerificationWatcher />
      <RemovalsWatcher />
    </>
  );
}
