import type { PayoutMethod } from '@glimpse/contract';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { hasErrors, serverFormErrors, type FieldErrorMap } from '../../lib/form-errors.ts';
import { Button } from '../../ui/Button.tsx';
import { Field, inputClass } from '../../ui/Field.tsx';
import { FormAlert } from '../../ui/FormErrorHint.tsx';
import { useSecondFactorGate } from '../account/index.ts';
import { useSetPayoutMethod } from './payout-method.queries.ts';

type BankField = 'holder' | 'iban' | 'bic';

const serverFields: Record<string, BankField> = {
  holder_name: 'holder',
  iban: 'iban',
  bic: 'bic',
};

/** The refusals about one field, placed under it even if an answer named no field. */
const fieldOfKey: Partial<Record<string, BankField>> = { iban_invalid: 'iban', bic_invalid: 'bic' };

/** The contract's holder name length (setPayoutMethodBody); zod stays out of the wallet chunk. */
const HOLDER_MIN = 2;
const HOLDER_MAX = 70;

interface PayoutMethodFormProps {
  /** The account being replaced: its holder and BIC are offered again, never its IBAN. */
  current?: Extract<PayoutMethod, { kind: 'bank_account' }> | undefined;
  onSaved: () => void;
  /** Present when there is a method to go back to. */
  onCancel?: (() => void) | undefined;
}

/**
 * A bank account for payouts: holder, IBAN and BIC. The server checks the IBAN and BIC (its
 * refusals land under their fields) and asks for a second factor when two-factor is on.
 */
export function PayoutMethodForm({ current, onSaved, onCancel }: PayoutMethodFormProps) {
  const { t } = useTranslation();
  const save = useSetPayoutMethod();
  const { withSecondFactor, secondFactorDialog } = useSecondFactorGate();
  const [holder, setHolder] = useState(current?.holder_name ?? '');
  const [iban, setIban] = useState('');
  const [bic, setBic] = useState(current?.bic ?? '');
  const [errors, setErrors] = useState<FieldErrorMap<BankField>>({});
  const [message, setMessage] = useState<string>();
  const [refusals, setRefusals] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (refusals === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusals]);

  function validate(): FieldErrorMap<BankField> {
    const name = holder.trim();
    return {
      holder: !name
        ? [t('fields.required')]
        : name.length < HOLDER_MIN
          ? [t('fields.too_short', { min: HOLDER_MIN })]
          : name.length > HOLDER_MAX
            ? [t('fields.too_long', { max: HOLDER_MAX })]
            : undefined,
      iban: iban.trim() ? undefined : [t('fields.required')],
      bic: bic.trim() ? undefined : [t('fields.required')],
    };
  }

  function refused(error: unknown) {
    const server = serverFormErrors(t, error, serverFields);
    const field = isApiError(error) && error.errKey ? fieldOfKey[error.errKey] : undefined;
    if (field && !server.fields[field]) server.fields[field] = [errorMessage(t, error)];
    setErrors(server.fields);
    setMessage(hasErrors(server.fields) ? undefined : server.message);
    setRefusals((count) => count + 1);
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const clientErrors = validate();
    setErrors(clientErrors);
    setMessage(undefined);
    if (hasErrors(clientErrors)) {
      setRefusals((count) => count + 1);
      return;
    }
    // With two-factor on and none given lately, the dialog asks for it and the save runs again.
    withSecondFactor(() =>
      save.mutateAsync({ holder_name: holder.trim(), iban: iban.trim(), bic: bic.trim() }),
    ).then(onSaved, refused);
  }

  const edit = (field: BankField, set: (value: string) => void) => (value: string) => {
    set(value);
    setErrors((now) => ({ ...now, [field]: undefined }));
  };

  return (
    <>
      <form ref={formRef} noValidate onSubmit={handleSubmit} className="flex flex-col gap-4">
        <FormAlert message={message} />
        <Field label={t('wallet.payoutMethod.holder')} errors={errors.holder}>
          {(control) => (
            <input
              {...control}
              autoComplete="name"
              required
              maxLength={HOLDER_MAX}
              value={holder}
              onChange={(event) => edit('holder', setHolder)(event.target.value)}
              className={inputClass}
            />
          )}
        </Field>
        <BankCodeField
          label={t('wallet.payoutMethod.iban')}
          hint={t('wallet.payoutMethod.ibanHint')}
          errors={errors.iban}
          maxLength={50}
          value={iban}
          onChange={edit('iban', setIban)}
        />
        <BankCodeField
          label={t('wallet.payoutMethod.bic')}
          hint={t('wallet.payoutMethod.bicHint')}
          errors={errors.bic}
          maxLength={20}
          value={bic}
          onChange={edit('bic', setBic)}
        />
        <div className="flex flex-col-reverse gap-2 sm:flex-row">
          {onCancel && (
            <Button variant="secondary" onClick={onCancel}>
              {t('wallet.payoutMethod.cancel')}
            </Button>
          )}
          <Button type="submit" disabled={save.isPending} aria-busy={save.isPending}>
            {save.isPending ? t('wallet.payoutMethod.saving') : t('wallet.payoutMethod.save')}
          </Button>
        </div>
      </form>
      {secondFactorDialog}
    </>
  );
}

/** An IBAN or BIC box: letters and digits typed as printed, never corrected or autofilled. */
function BankCodeField(props: {
  label: string;
  hint: string;
  errors: string[] | undefined;
  maxLength: number;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <Field label={props.label} hint={props.hint} errors={props.errors}>
      {(control) => (
        <input
          {...control}
          required
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={props.maxLength}
          value={props.value}
          onChange={(event) => props.onChange(event.target.value)}
          className={`${inputClass} font-mono`}
        />
      )}
    </Field>
  );
}
