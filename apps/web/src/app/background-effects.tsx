import { MoneyBackground } from '../features/money/index.ts';
import { VerificationWatcher } from '../features/verification/index.ts';

/** The idle-loaded part of every signed-in screen (IdleBackground). */
export function BackgroundEffects() {
  return (
    <>
      <MoneyBackground />
      <VerificationWatcher />
    </>
  );
}
