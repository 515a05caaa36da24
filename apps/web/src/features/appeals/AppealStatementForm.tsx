import './appeals-texts.ts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { serverFormErrors } from '../../lib/form-errors.ts';
import { Button } from '../../ui/Button.tsx';
import { Field, inputClass } from '../../ui/Field.tsx';
import { FormAlert } from '../../ui/FormErrorHint.tsx';

export interface AppealStatementFormProps {
  label: string;
  sendLabel: string;
  pending: boolean;
  /** Files the trimmed statement; `done` or `failed` once the server answered. */
  file(statement: string, answer: { done(): void; failed(error: unknown): void }): void;
  onFiled(): void;
}

/** Why the decision was wrong, required, with the server's refusal shown on the field. */
export function AppealStatementForm({
  label,
  sendLabel,
  pending,
  file,
  onFiled,
}: AppealStatementFormProps) {
  const { t } = useTranslation();
  const [statement, setStatement] = useState('');
  const [errors, setErrors] = useState<string[]>();
  const [message, setMessage] = useState<string>();

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setMessage(undefined);
    if (!statement.trim()) return setErrors([t('fields.required')]);
    file(statement.trim(), {
      done: onFiled,
      failed: (error) => {
        const server = serverFormErrors(t, error, { statement: 'statement' });
        setErrors(server.fields.statement);
        setMessage(server.message);
      },
    });
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-3">
      <FormAlert message={message} />
      <Field label={label} errors={errors}>
        {(control) => (
          <textarea
            {...control}
            rows={5}
            value={statement}
            onChange={(event) => {
              setStatement(event.target.value);
              setErrors(undefined);
            }}
            className={`${inputClass} py-2`}
          />
        )}
      </Field>
      <Button type="submit" disabled={pending} aria-busy={pending}>
        {sendLabel}
      </Button>
    </form>
  );
}
