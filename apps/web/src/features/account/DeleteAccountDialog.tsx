import './account-deletion-texts.ts';
import { ACCOUNT_DELETION_DAYS } from '@glimpse/contract';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldErrorMap } from '../../lib/form-errors.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { Field } from '../../ui/Field.tsx';
import { FormAlert } from '../../ui/FormErrorHint.tsx';
import { PasswordInput } from '../../ui/PasswordInput.tsx';
import { useCurrentUser } from '../auth/index.ts';
import { leaveForSignIn, useRequestAccountDeletion } from './account-deletion.queries.ts';
import { formRefusal } from './form-refusal.ts';
import { useSecondFactorGate } from './second-factor/use-second-factor-gate.tsx';
import { AccountUsername } from './AccountUsername.tsx';

interface DeleteAccountDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

const DAY_MS = 86_400_000;

/**
 * Says what deleting the account does, asks for the password (and, through the step-up, a second
 * factor when the account has one), then says when it will be erased. Every device is signed out
 * by then, this one too: closing the answer goes to sign-in.
 */
export function DeleteAccountDialog({ open, onOpenChange }: DeleteAccountDialogProps) {
  const { t, i18n } = useTranslation();
  const me = useCurrentUser();
  const { withSecondFactor, secondFactorDialog } = useSecondFactorGate();
  const request = useRequestAccountDeletion(withSecondFactor);
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrorMap<'password'>>({});
  const [message, setMessage] = useState<string>();
  const [refusals, setRefusals] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  // Until the server says, the day a request now would give (read once, when the dialog opens).
  const [estimate] = useState(() => Date.now() + ACCOUNT_DELETION_DAYS * DAY_MS);
  const longDate = (at: number | string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' }).format(new Date(at));

  useEffect(() => {
    if (refusals === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusals]);

  if (request.isSuccess) {
    return (
      <Dialog
        open={open}
        onOpenChange={() => leaveForSignIn()}
        role="alertdialog"
        title={t('accountDeletion.dialog.doneTitle')}
        description={t('accountDeletion.dialog.done', {
          date: longDate(request.data.deletes_at),
        })}
      >
        <Button className="self-end" onClick={leaveForSignIn}>
          {t('accountDeletion.dialog.toSignIn')}
        </Button>
      </Dialog>
    );
  }

  const date = longDate(estimate);

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setMessage(undefined);
    if (!password) {
      setErrors({ password: [t('fields.required')] });
      setRefusals((count) => count + 1);
      return;
    }
    setErrors({});
    request.mutate(password, {
      onError: (error) => {
        const refusal = formRefusal(
          t,
          error,
          { password: 'password' },
          { password_incorrect: 'password' },
        );
        setErrors(refusal.fields);
        setMessage(refusal.message);
        setRefusals((count) => count + 1);
      },
    });
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !request.isPending && onOpenChange(next)}
      role="alertdialog"
      title={t('accountDeletion.dialog.title')}
      description={t('accountDeletion.dialog.description', { date })}
    >
      <section className="flex flex-col gap-2 text-sm text-neutral-700">
        <h3 className="font-semibold text-neutral-900">
          {t('accountDeletion.dialog.whatHappens')}
        </h3>
        <ul className="flex list-disc flex-col gap-1 pl-5">
          <li>{t('accountDeletion.dialog.hidden')}</li>
          <li>{t('accountDeletion.dialog.erased', { date })}</li>
          <li>{t('accountDeletion.dialog.messages')}</li>
          <li>{t('accountDeletion.dialog.subscriptions')}</li>
          <li>{t('accountDeletion.dialog.money')}</li>
        </ul>
      </section>
      <form ref={formRef} noValidate onSubmit={handleSubmit} className="flex flex-col gap-4">
        <AccountUsername email={me.email} />
        <FormAlert message={message} />
        <Field label={t('accountDeletion.dialog.password')} errors={errors.password}>
          {(control) => (
            <PasswordInput
              control={control}
              autoComplete="current-password"
              value={password}
              onChange={(next) => {
                setPassword(next);
                setErrors({});
              }}
            />
          )}
        </Field>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button
            variant="secondary"
            onClick={() => onOpenChange(false)}
            disabled={request.isPending}
          >
            {t('accountDeletion.dialog.cancel')}
          </Button>
          <Button
            type="submit"
            variant="danger"
            disabled={request.isPending}
            aria-busy={request.isPending}
          >
            {request.isPending
              ? t('accountDeletion.dialog.deleting')
              : t('accountDeletion.dialog.confirm')}
          </Button>
        </div>
      </form>
      {secondFactorDialog}
    </Dialog>
  );
}
