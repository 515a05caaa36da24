import '../two-factor-texts.ts';
import type { SecondFactorBody, TwoFactorMethod, TwoFactorState } from '@glimpse/contract';
import { useTranslation } from 'react-i18next';
import { call, isApiError } from '../../../lib/api.ts';
import { Dialog } from '../../../ui/Dialog.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import { SecondFactorForm } from '../../second-factor/index.ts';
import { useNoteVerified, useTwoFactor } from '../two-factor.queries.ts';

/** Every way, when the account's state could not be read: the server knows which ones work. */
const ALL_METHODS: TwoFactorMethod[] = ['totp', 'passkey', 'recovery_code'];

function methodsOf(state: TwoFactorState): TwoFactorMethod[] {
  const methods: TwoFactorMethod[] = [];
  if (state.totp) methods.push('totp');
  if (state.passkeys.length > 0) methods.push('passkey');
  if (state.recovery_codes_left > 0) methods.push('recovery_code');
  return methods;
}

interface SecondFactorDialogProps {
  open: boolean;
  /** The second factor counts now: the change is tried again. */
  onVerified: () => void;
  /** Closed without one: the change stays refused. */
  onCancel: () => void;
}

/**
 * Asks for a second factor before a sensitive change (POST /api/auth/2fa/verify): the app's
 * code, a passkey or a recovery code, whichever the account has. Opened by useSecondFactorGate.
 */
export function SecondFactorDialog({ open, onVerified, onCancel }: SecondFactorDialogProps) {
  const { t } = useTranslation();
  const state = useTwoFactor();
  const noteVerified = useNoteVerified();

  async function verify(factor: SecondFactorBody) {
    const { verified_until } = await call('stepUp', { body: factor });
    noteVerified(verified_until);
    onVerified();
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && onCancel()}
      title={t('twoFactor.stepUp.title')}
      description={t('twoFactor.stepUp.intro')}
      showClose
    >
      {state.isPending ? (
        <Spinner className="self-center" />
      ) : (
        <SecondFactorForm
          methods={state.data ? methodsOf(state.data) : ALL_METHODS}
          onSubmit={verify}
          passkeyOptions={() => call('stepUpOptions')}
          onRefused={(error) => {
            // The passkey's challenge (or this session's) ran out: said as what it is here.
            if (isApiError(error, 'sign_in_expired')) return t('twoFactor.stepUp.expired');
            // Turned off meanwhile (another device): there is nothing to prove, try the change.
            if (!isApiError(error, 'two_factor_not_enabled')) return false;
            onVerified();
            return true;
          }}
        />
      )}
    </Dialog>
  );
}
