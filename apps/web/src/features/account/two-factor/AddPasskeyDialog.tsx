import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message.ts';
import { Button } from '../../../ui/Button.tsx';
import { Dialog } from '../../../ui/Dialog.tsx';
import { Field, inputClass } from '../../../ui/Field.tsx';
import { FormAlert } from '../../../ui/FormErrorHint.tsx';
import { isPasskeyAlreadyRegistered, isPasskeyPromptClosed } from '../../second-factor/index.ts';
import type { SecondFactorGate } from '../index.ts';
import { isStepUpDeclined, useAddPasskey } from './two-factor.mutations.ts';

/** The contract's limit on a passkey's name. */
const NAME_MAX = 60;

interface AddPasskeyDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  withSecondFactor: SecondFactorGate['withSecondFactor'];
  /** Added; the recovery codes come when it is the account's first second factor. */
  onAdded: (recoveryCodes: string[]) => void;
}

/** Names a new passkey, then lets the browser create it (fingerprint, face, screen lock). */
export function AddPasskeyDialog({
  open,
  onOpenChange,
  withSecondFactor,
  onAdded,
}: AddPasskeyDialogProps) {
  const { t } = useTranslation();
  const add = useAddPasskey(withSecondFactor);
  const [name, setName] = useState('');
  const [message, setMessage] = useState<string>();

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setMessage(undefined);
    add.mutate(name.trim(), {
      onSuccess: ({ recovery_codes }) => onAdded(recovery_codes),
      onError: (error) => {
        if (isStepUpDeclined(error)) return;
        if (isPasskeyPromptClosed(error)) setMessage(t('twoFactor.passkeys.closed'));
        else if (isPasskeyAlreadyRegistered(error)) {
          setMessage(t('twoFactor.passkeys.alreadyRegistered'));
        } else setMessage(errorMessage(t, error));
      },
    });
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('twoFactor.passkeys.addTitle')}
      description={t('twoFactor.passkeys.addIntro')}
    >
      <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-4">
        <FormAlert message={message} />
        <Field label={t('twoFactor.passkeys.name')} hint={t('twoFactor.passkeys.nameHint')}>
          {(control) => (
            <input
              {...control}
              type="text"
              autoComplete="off"
              maxLength={NAME_MAX}
              value={name}
              onChange={(event) => setName(event.target.value)}
              className={inputClass}
            />
          )}
        </Field>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t('twoFactor.cancel')}
          </Button>
          <Button type="submit" disabled={add.isPending} aria-busy={add.isPending}>
            {add.isPending ? t('twoFactor.passkeys.waiting') : t('twoFactor.passkeys.create')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
