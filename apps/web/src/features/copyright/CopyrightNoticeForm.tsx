import './copyright-texts.ts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { hasErrors, serverFormErrors, type FieldErrorMap } from '../../lib/form-errors.ts';
import { Button } from '../../ui/Button.tsx';
import { Field, inputClass } from '../../ui/Field.tsx';
import { FormAlert, FormErrorHint } from '../../ui/FormErrorHint.tsx';
import { CheckboxField } from './CheckboxField.tsx';
import { useFileNotice } from './copyright.queries.ts';

type NoticeField =
  | 'claimant_name'
  | 'claimant_email'
  | 'work'
  | 'content_url'
  | 'good_faith'
  | 'accurate'
  | 'signature';

const FIELDS: Record<string, NoticeField> = {
  claimant_name: 'claimant_name',
  claimant_email: 'claimant_email',
  work: 'work',
  content_url: 'content_url',
  good_faith: 'good_faith',
  accurate: 'accurate',
  signature: 'signature',
};

/**
 * The public copyright notice (no account needed): who claims, which work, the story's link on
 * this site, the two statements and a signature. On success the story is already down and the
 * claimant is told to expect a mail with a link for reporting a court action.
 */
export function CopyrightNoticeForm() {
  const { t } = useTranslation();
  const file = useFileNotice();
  const [values, setValues] = useState({
    claimant_name: '',
    claimant_email: '',
    work: '',
    content_url: '',
    signature: '',
  });
  const [goodFaith, setGoodFaith] = useState(false);
  const [accurate, setAccurate] = useState(false);
  const [errors, setErrors] = useState<FieldErrorMap<NoticeField>>({});
  const [message, setMessage] = useState<string>();
  const [sent, setSent] = useState(false);

  const set = (field: keyof typeof values) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const required = t('fields.required');
    const clientErrors: FieldErrorMap<NoticeField> = {};
    for (const [field, value] of Object.entries(values))
      if (!value.trim()) clientErrors[field as NoticeField] = [required];
    const confirm = [t('errors.copyright_statements_required')];
    if (!goodFaith) clientErrors.good_faith = confirm;
    if (!accurate) clientErrors.accurate = confirm;
    setErrors(clientErrors);
    setMessage(undefined);
    if (hasErrors(clientErrors)) return;
    file.mutate(
      {
        claimant_name: values.claimant_name.trim(),
        claimant_email: values.claimant_email.trim(),
        work: values.work.trim(),
        content_url: values.content_url.trim(),
        signature: values.signature.trim(),
        good_faith: goodFaith,
        accurate,
      },
      {
        onSuccess: () => setSent(true),
        onError: (error) => {
          const server = serverFormErrors(t, error, FIELDS);
          setErrors(server.fields);
          setMessage(server.message);
        },
      },
    );
  }

  if (sent) {
    return (
      <div role="status" className="flex flex-col gap-2 rounded-2xl bg-neutral-100 p-4">
        <p className="font-semibold text-neutral-900">{t('copyright.notice.sentTitle')}</p>
        <p className="text-sm text-neutral-700">
          {t('copyright.notice.sent', { email: values.claimant_email.trim() })}
        </p>
      </div>
    );
  }

  const text = (field: keyof typeof values, type = 'text', autoComplete = 'off') => (
    <Field label={t(`copyright.notice.${field}`)} errors={errors[field]}>
      {(control) => (
        <input
          {...control}
          type={type}
          autoComplete={autoComplete}
          value={values[field]}
          onChange={(event) => set(field)(event.target.value)}
          className={inputClass}
        />
      )}
    </Field>
  );

  return (
    <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-4">
      {hasErrors(errors) ? (
        <FormErrorHint show message={message} />
      ) : (
        <FormAlert message={message} />
      )}
      {text('claimant_name', 'text', 'name')}
      {text('claimant_email', 'email', 'email')}
      <Field
        label={t('copyright.notice.work')}
        hint={t('copyright.notice.workHint')}
        errors={errors.work}
      >
        {(control) => (
          <textarea
            {...control}
            rows={4}
            value={values.work}
            onChange={(event) => set('work')(event.target.value)}
            className={`${inputClass} py-2`}
          />
        )}
      </Field>
      <Field
        label={t('copyright.notice.content_url')}
        hint={t('copyright.notice.urlHint')}
        errors={errors.content_url}
      >
        {(control) => (
          <input
            {...control}
            type="url"
            inputMode="url"
            value={values.content_url}
            onChange={(event) => set('content_url')(event.target.value)}
            className={inputClass}
          />
        )}
      </Field>
      <CheckboxField
        checked={goodFaith}
        onChange={(checked) => {
          setGoodFaith(checked);
          setErrors((current) => ({ ...current, good_faith: undefined }));
        }}
        errors={errors.good_faith}
      >
        {t('copyright.notice.goodFaith')}
      </CheckboxField>
      <CheckboxField
        checked={accurate}
        onChange={(checked) => {
          setAccurate(checked);
          setErrors((current) => ({ ...current, accurate: undefined }));
        }}
        errors={errors.accurate}
      >
        {t('copyright.notice.accurate')}
      </CheckboxField>
      {text('signature', 'text', 'name')}
      <Button type="submit" disabled={file.isPending} aria-busy={file.isPending}>
        {file.isPending ? t('copyright.notice.sending') : t('copyright.notice.send')}
      </Button>
    </form>
  );
}
