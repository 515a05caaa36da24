import './reports-texts.ts';
import {
  REPORT_DETAILS_MAX,
  REPORT_REASONS,
  TEXTAREA_ROWS,
  type ReportKind,
  type ReportReason,
} from '@glimpse/contract';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { Field, FieldErrors, inputClass } from '../../ui/Field.tsx';
import { FormAlert } from '../../ui/FormErrorHint.tsx';
import { useSnackbar } from '../../ui/snackbar.ts';
import { useCreateReport } from './reports.queries.ts';

export interface ReportDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  kind: ReportKind;
  targetId: number;
}

/**
 * Reporting a story, message, user or stream: one of the fixed reasons (the contract's list),
 * words of one's own (needed for "other"), then the generic thank-you. A second report of the
 * same item while the first is open is answered "we're on it" in place.
 */
export function ReportDialog({ open, onOpenChange, kind, targetId }: ReportDialogProps) {
  const { t } = useTranslation();
  const { notify } = useSnackbar();
  const report = useCreateReport();
  const legendId = useId();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState('');
  const [reasonErrors, setReasonErrors] = useState<string[]>([]);
  const [detailErrors, setDetailErrors] = useState<string[]>([]);
  const [alert, setAlert] = useState<string>();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setAlert(undefined);
    const trimmed = details.trim();
    if (!reason) return setReasonErrors([t('reports.pickReason')]);
    if (reason === 'other' && !trimmed) return setDetailErrors([t('reports.detailsRequired')]);
    report.mutate(
      { target_type: kind, target_id: targetId, reason, ...(trimmed ? { text: trimmed } : {}) },
      {
        onSuccess: () => {
          notify.success(t('reports.sent'));
          onOpenChange(false);
        },
        onError: (error) =>
          setAlert(
            isApiError(error, 'report_already_open')
              ? t('reports.alreadyOpen')
              : errorMessage(t, error),
          ),
      },
    );
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t(`reports.title.${kind}`)} showClose>
      <form onSubmit={handleSubmit} className="flex flex-col gap-4" noValidate>
        <fieldset
          className="flex flex-col gap-1"
          aria-describedby={reasonErrors.length ? `${legendId}-error` : undefined}
        >
          <legend id={legendId} className="mb-1 text-sm font-medium text-neutral-900">
            {t('reports.reasonLegend')}
          </legend>
          {/* Twelve reasons are taller than a phone leaves: they scroll in a box of their own,
              whose edges show that it scrolls (a reason half cut under the legend did not). */}
          <div className="flex max-h-72 flex-col gap-1 overflow-y-auto overscroll-contain rounded-lg border border-neutral-200 p-1">
            {REPORT_REASONS.map((value) => (
              <label
                key={value}
                className="flex min-h-11 shrink-0 cursor-pointer items-center gap-3 rounded-lg px-2 hover:bg-neutral-50"
              >
                <input
                  type="radio"
                  name="reason"
                  value={value}
                  checked={reason === value}
                  onChange={() => {
                    setReason(value);
                    setReasonErrors([]);
                    setDetailErrors([]);
                  }}
                  className="size-4 accent-[var(--color-accent)]"
                />
                <span className="text-sm text-neutral-900">{t(`reports.reasons.${value}`)}</span>
              </label>
            ))}
          </div>
          <FieldErrors id={`${legendId}-error`} errors={reasonErrors} />
        </fieldset>
        <Field
          label={t('reports.details')}
          hint={reason === 'other' ? undefined : t('reports.detailsOptional')}
          errors={detailErrors}
        >
          {(control) => (
            <textarea
              {...control}
              rows={TEXTAREA_ROWS}
              maxLength={REPORT_DETAILS_MAX}
              required={reason === 'other'}
              value={details}
              onChange={(event) => {
                setDetails(event.target.value);
                setDetailErrors([]);
              }}
              className={`${inputClass} py-2`}
            />
          )}
        </Field>
        <FormAlert message={alert} />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t('reports.cancel')}
          </Button>
          <Button type="submit" disabled={report.isPending}>
            {t('reports.send')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
