import type { Passkey, TotpSetup, TwoFactorState } from '@glimpse/contract';
import { Plus, Smartphone } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { Button } from '../../../ui/Button.tsx';
import { lazyDialog } from '../../../ui/lazy-dialog.tsx';
import { useSnackbar } from '../../../ui/snackbar.ts';
import { passkeysSupported } from '../../second-factor/index.ts';
import type { SecondFactorGate } from '../index.ts';
import { PasskeyRow } from './PasskeyRow.tsx';
import { isStepUpDeclined, useTotpSetup, useTwoFactorChanges } from './two-factor.mutations.ts';

// Radix's dialog and the QR code's encoder stay out of the screen's chunk until first opened.
const TotpSetupDialog = lazyDialog(() =>
  import('./TotpSetupDialog.tsx').then((m) => m.TotpSetupDialog),
);
const AddPasskeyDialog = lazyDialog(() =>
  import('./AddPasskeyDialog.tsx').then((m) => m.AddPasskeyDialog),
);
const ConfirmChangeDialog = lazyDialog(() =>
  import('./ConfirmChangeDialog.tsx').then((m) => m.ConfirmChangeDialog),
);

/** Few enough left that a person should get new ones before they run out. */
const FEW_RECOVERY_CODES = 3;

type Confirming =
  | { kind: 'removeApp' }
  | { kind: 'removePasskey'; passkey: Passkey }
  | { kind: 'regenerate' }
  | { kind: 'turnOff' };

interface TwoFactorSettingsProps {
  state: TwoFactorState;
  withSecondFactor: SecondFactorGate['withSecondFactor'];
  /** New recovery codes to show once (none when a way was added to a protected account). */
  onNewCodes: (codes: string[]) => void;
  /** What had the focus went away (a removed row): the section's heading takes it. */
  onFocusLost: () => void;
}

function Part({ heading, children }: { heading: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-2 border-t border-neutral-200 pt-3"
    >
      <h3 id={headingId} className="font-semibold text-neutral-900">
        {heading}
      </h3>
      {children}
    </section>
  );
}

/**
 * The ways that protect the account and what can be done with each: the authenticator app,
 * passkeys, recovery codes, and turning it all off. The changes that weaken the protection go
 * through the step-up (the server asks for a second factor given lately).
 */
export function TwoFactorSettings({
  state,
  withSecondFactor,
  onNewCodes,
  onFocusLost,
}: TwoFactorSettingsProps) {
  const { t } = useTranslation();
  const { notify, notifyError } = useSnackbar();
  const setup = useTotpSetup(withSecondFactor);
  const changes = useTwoFactorChanges(withSecondFactor);
  const [setupShown, setSetupShown] = useState<TotpSetup | null>(null);
  const [adding, setAdding] = useState(false);
  const [confirming, setConfirming] = useState<Confirming | null>(null);

  function startSetup() {
    setup.mutate(undefined, {
      onSuccess: setSetupShown,
      onError: (error) => !isStepUpDeclined(error) && notifyError(error),
    });
  }

  function withCodes(codes: string[], done: string) {
    notify.success(done);
    if (codes.length > 0) onNewCodes(codes);
  }

  /** A confirmed change: made, then the dialog closes; a refusal is said in a snackbar. */
  function confirmed(onSuccess: () => void) {
    return {
      onSuccess: () => {
        setConfirming(null);
        onSuccess();
      },
      onError: (error: unknown) => {
        // The step-up was closed: the confirmation stays, to try again or cancel.
        if (isStepUpDeclined(error)) return;
        setConfirming(null);
        notifyError(error);
      },
    };
  }

  function handleConfirm() {
    if (!confirming) return;
    switch (confirming.kind) {
      case 'removeApp':
        return changes.removeApp.mutate(
          undefined,
          confirmed(() => notify.success(t('twoFactor.app.removed'))),
        );
      case 'removePasskey': {
        const { passkey } = confirming;
        const gone = () => {
          notify.success(t('twoFactor.passkeys.removed', { name: passkey.name }));
          onFocusLost();
        };
        return changes.removePasskey.mutate(passkey, {
          ...confirmed(gone),
          onError: (error) => {
            // Removed already (another device): what was asked for.
            if (!isApiError(error, 'passkey_not_found')) return confirmed(gone).onError(error);
            setConfirming(null);
            notify.info(errorMessage(t, error));
            onFocusLost();
          },
        });
      }
      case 'regenerate':
        return changes.regenerateCodes.mutate(undefined, {
          ...confirmed(() => undefined),
          onSuccess: ({ recovery_codes }) => {
            setConfirming(null);
            onNewCodes(recovery_codes);
          },
        });
      case 'turnOff':
        return changes.turnOff.mutate(
          undefined,
          confirmed(() => {
            notify.success(t('twoFactor.turnOff.done'));
            onFocusLost();
          }),
        );
    }
  }

  const confirmTexts =
    confirming &&
    {
      removeApp: {
        title: t('twoFactor.app.removeTitle'),
        body: t('twoFactor.app.removeBody'),
        confirmLabel: t('twoFactor.app.removeConfirm'),
      },
      removePasskey: {
        title: t('twoFactor.passkeys.removeTitle', {
          name: confirming.kind === 'removePasskey' ? confirming.passkey.name : '',
        }),
        body: t('twoFactor.passkeys.removeBody'),
        confirmLabel: t('twoFactor.passkeys.removeConfirm'),
      },
      regenerate: {
        title: t('twoFactor.recovery.regenerateTitle'),
        body: t('twoFactor.recovery.regenerateBody'),
        confirmLabel: t('twoFactor.recovery.regenerateConfirm'),
      },
      turnOff: {
        title: t('twoFactor.turnOff.title'),
        body: t('twoFactor.turnOff.body'),
        confirmLabel: t('twoFactor.turnOff.confirm'),
      },
    }[confirming.kind];
  const busy = [
    changes.removeApp,
    changes.removePasskey,
    changes.regenerateCodes,
    changes.turnOff,
  ].some((change) => change.isPending);

  return (
    <>
      <div className="flex flex-col items-start gap-1 text-sm text-neutral-700">
        <span
          className={
            state.enabled
              ? 'rounded-full bg-green-50 px-2 py-0.5 text-xs font-semibold text-green-900'
              : 'rounded-full bg-neutral-100 px-2 py-0.5 text-xs font-semibold text-neutral-800'
          }
        >
          {state.enabled ? t('twoFactor.isOn') : t('twoFactor.isOff')}
        </span>
        <p>{state.enabled ? t('twoFactor.onIntro') : t('twoFactor.offIntro')}</p>
      </div>

      <Part heading={t('twoFactor.app.heading')}>
        <p className="flex items-center gap-2 text-sm text-neutral-700">
          <Smartphone aria-hidden="true" size={18} className="shrink-0 text-neutral-600" />
          {state.totp ? t('twoFactor.app.on') : t('twoFactor.app.off')}
        </p>
        {state.totp ? (
          <Button
            variant="secondary"
            className="self-start"
            onClick={() => setConfirming({ kind: 'removeApp' })}
          >
            {t('twoFactor.app.remove')}
          </Button>
        ) : (
          <Button
            variant={state.enabled ? 'secondary' : 'primary'}
            className="self-start"
            onClick={startSetup}
            onPointerEnter={TotpSetupDialog.prefetch}
            disabled={setup.isPending}
            aria-busy={setup.isPending}
          >
            {t('twoFactor.app.setUp')}
          </Button>
        )}
      </Part>

      <Part heading={t('twoFactor.passkeys.heading')}>
        <p className="text-sm text-neutral-700">{t('twoFactor.passkeys.intro')}</p>
        {state.passkeys.length > 0 ? (
          <ul
            aria-label={t('twoFactor.passkeys.listLabel')}
            className="divide-y divide-neutral-200 border-y border-neutral-200"
          >
            {state.passkeys.map((passkey) => (
              <PasskeyRow
                key={passkey.id}
                passkey={passkey}
                onRemove={() => setConfirming({ kind: 'removePasskey', passkey })}
              />
            ))}
          </ul>
        ) : (
          <p className="text-sm text-neutral-600">{t('twoFactor.passkeys.none')}</p>
        )}
        {passkeysSupported() ? (
          <Button
            variant="secondary"
            className="self-start"
            onClick={() => setAdding(true)}
            onPointerEnter={AddPasskeyDialog.prefetch}
          >
            <Plus aria-hidden="true" size={18} />
            {t('twoFactor.passkeys.add')}
          </Button>
        ) : (
          <p className="text-sm text-neutral-600">{t('twoFactor.passkeys.unsupported')}</p>
        )}
      </Part>

      {state.enabled && (
        <Part heading={t('twoFactor.recovery.heading')}>
          <p className="text-sm text-neutral-700">
            {t('twoFactor.recovery.left', { count: state.recovery_codes_left })}{' '}
            {t('twoFactor.recovery.hint')}
          </p>
          {state.recovery_codes_left <= FEW_RECOVERY_CODES && (
            <p className="rounded-xl bg-amber-50 p-3 text-sm text-amber-900">
              {t('twoFactor.recovery.low')}
            </p>
          )}
          <Button
            variant="secondary"
            className="self-start"
            onClick={() => setConfirming({ kind: 'regenerate' })}
          >
            {t('twoFactor.recovery.regenerate')}
          </Button>
        </Part>
      )}

      {state.enabled && (
        <div className="border-t border-neutral-200 pt-3">
          <Button variant="danger" onClick={() => setConfirming({ kind: 'turnOff' })}>
            {t('twoFactor.turnOff.button')}
          </Button>
        </div>
      )}

      {setupShown && (
        <TotpSetupDialog
          open
          onOpenChange={(open) => !open && setSetupShown(null)}
          setup={setupShown}
          onRestart={startSetup}
          restarting={setup.isPending}
          onEnabled={(codes) => {
            setSetupShown(null);
            withCodes(codes, t('twoFactor.setup.done'));
          }}
        />
      )}
      <AddPasskeyDialog
        open={adding}
        onOpenChange={setAdding}
        withSecondFactor={withSecondFactor}
        onAdded={(codes) => {
          setAdding(false);
          withCodes(codes, t('twoFactor.passkeys.addedToast'));
        }}
      />
      <ConfirmChangeDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={confirmTexts?.title ?? ''}
        body={confirmTexts?.body ?? ''}
        confirmLabel={confirmTexts?.confirmLabel ?? ''}
        onConfirm={handleConfirm}
        busy={busy}
      />
    </>
  );
}
