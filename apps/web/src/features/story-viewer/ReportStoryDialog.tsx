import { reportStoryBody, TEXTAREA_ROWS } from '@glimpse/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api.ts';
import { fieldMessage } from '../../lib/error-message.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { Field, inputClass } from '../../ui/Field.tsx';
import { useSnackbar } from '../../ui/snackbar.ts';
import { useReportStory } from './story-viewer.queries.ts';

/** The server's bound on an accusation, read from the contract's `reportStoryBody`. */
const ACCUSATION_MAX = reportStoryBody.shape.accusation.maxLength ?? undefined;

interface ReportStoryDialogProps {
  storyId: number;
  onOpenChange: (open: boolean) => void;
}

/** The report-story dialog: what is wrong, sent to moderation, then a generic thank-you. */
export function ReportStoryDialog({ storyId, onOpenChange }: ReportStoryDialogProps) {
  const { t } = useTranslation();
  const { notify, notifyError } = useSnackbar();
  const report = useReportStory();
  const [accusation, setAccusation] = useState('');
  const [errors, setErrors] = useState<string[]>([]);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = accusation.trim();
    if (!trimmed) {
      setErrors([t('fields.required')]);
      return;
    }
    report.mutate(
      { storyId, accusation: trimmed },
      {
        onSuccess: () => {
          notify.success(t('viewer.reportDialog.sent'));
          onOpenChange(false);
        },
        onError: (error) => {
          const fieldErrors = isApiError(error) ? error.errors.accusation : undefined;
          if (fieldErrors?.length)
            setErrors(fieldErrors.map((message) => fieldMessage(t, message)));
          else notifyError(error);
        },
      },
    );
  }

  return (
    <Dialog open onOpenChange={onOpenChange} title={t('viewer.reportDialog.title')} showClose>
      <form onSubmit={handleSubmit} className="flex flex-col gap-4" noValidate>
        <Field
          label={t('viewer.reportDialog.label')}
          hint={t('viewer.reportDialog.hint')}
          errors={errors}
        >
          {(control) => (
            <textarea
              {...control}
              rows={TEXTAREA_ROWS}
              maxLength={ACCUSATION_MAX}
              value={accusation}
              onChange={(event) => {
                setAccusation(event.target.value);
                setErrors([]);
              }}
              className={`${inputClass} py-2`}
            />
          )}
        </Field>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t('viewer.reportDialog.cancel')}
          </Button>
          <Button type="submit" disabled={report.isPending}>
            {t('viewer.reportDialog.send')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
