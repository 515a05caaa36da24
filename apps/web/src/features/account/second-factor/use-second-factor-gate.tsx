import { useCallback, useRef, useState, type ReactElement } from 'react';
import { isApiError, type ApiError } from '../../../lib/api.ts';
import { lazyDialog } from '../../../ui/lazy-dialog.tsx';

// The dialog, its texts and the form load the first time a change asks for a second factor.
const SecondFactorDialog = lazyDialog(() =>
  import('./SecondFactorDialog.tsx').then((m) => m.SecondFactorDialog),
);

interface Waiting {
  verified: () => void;
  cancelled: () => void;
}

export interface SecondFactorGate {
  /**
   * Runs `change`; when the server answers second_factor_required, asks for a second factor and
   * runs it once more. Closing the dialog rejects with that second_factor_required error, so a
   * form shows its catalogue text ("confirm it's you, then try again") like any refusal.
   */
  withSecondFactor: <T>(change: () => Promise<T>) => Promise<T>;
  /** The dialog: render it once, anywhere in the component that uses the gate. */
  secondFactorDialog: ReactElement;
}

/**
 * The step-up before a sensitive change (the password, the address, payout details, turning
 * two-factor off): most of the time the change just goes through; with a second factor set and
 * none given lately, the dialog asks for one and the change is made right after.
 *
 *   const { withSecondFactor, secondFactorDialog } = useSecondFactorGate();
 *   mutationFn: (body) => withSecondFactor(() => call('changePassword', { body })),
 */
export function useSecondFactorGate(): SecondFactorGate {
  const [waiting, setWaiting] = useState<Waiting | null>(null);
  // Changes refused while the dialog is open wait for the same answer.
  const asked = useRef<Promise<void> | null>(null);

  const askForSecondFactor = useCallback((refusal: ApiError) => {
    asked.current ??= new Promise<void>((resolve, reject) => {
      const settle = (then: () => void) => () => {
        asked.current = null;
        setWaiting(null);
        then();
      };
      setWaiting({ verified: settle(resolve), cancelled: settle(() => reject(refusal)) });
    });
    return asked.current;
  }, []);

  const withSecondFactor = useCallback(
    async <T,>(change: () => Promise<T>): Promise<T> => {
      try {
        return await change();
      } catch (error) {
        if (!isApiError(error, 'second_factor_required')) throw error;
        await askForSecondFactor(error);
        // Once: a second refusal (the factor's time ran out meanwhile) is the form's to show.
        return change();
      }
    },
    [askForSecondFactor],
  );

  const secondFactorDialog = (
    <SecondFactorDialog
      open={waiting !== null}
      onVerified={() => waiting?.verified()}
      onCancel={() => waiting?.cancelled()}
    />
  );
  return { withSecondFactor, secondFactorDialog };
}
