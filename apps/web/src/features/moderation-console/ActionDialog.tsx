import {
  MODERATION_NOTE_MAX,
  SUSPEND_DAYS_MAX,
  TEXTAREA_ROWS,
  type ModerationAction,
  type ReportKind,
} from '@glimpse/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/error-message.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { Field, inputClass } from '../../ui/Field.tsx';
import { FormAlert } from '../../ui/FormErrorHint.tsx';
import { useSnackbar } from '../../ui/snackbar.ts';
import { actionSeverity } from './ActionButton.tsx';
import { useModerationAction } from './moderation.queries.ts';

export interface ActionRequest {
  kind: ReportKind;
  targetId: number;
  action: ModerationAction;
}

interface ActionDialogProps {
  request: ActionRequest | null;
  onClose: () => void;
  onDone?: () => void;
}

/**
 * One decision: a note first (required; the audit log keeps it and the owner reads it), the days
 * of a suspension, then a confirmation. Errors are shown in place by their catalogue texts.
 */
export function ActionDialog({ request, onClose, onDone }: ActionDialogProps) {
  const { t } = useTranslation();
  if (!request) return null;
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t(`moderation.actions.${request.action}`)}
      showClose
    >
      <ActionForm request={request} onClose={onClose} onDone={onDone} t={t} />
    </Dialog>
  );
}

function ActionForm({
  request,
  onClose,
  onDone,
  t,
}: {
  request: ActionRequest;
  onClose: () => void;
  onDone: (() => void) | undefined;
  t: ReturnType<typeof useTranslation>['t'];
}) {
  const { notify } = useSnackbar();
  const act = useModerationAction();
  const [note, setNote] = useState('');
  const [noteErrors, setNoteErrors] = useState<string[]>([]);
  const [days, setDays] = useState('7');
  const [forGood, setForGood] = useState(false);
  const [daysErrors, setDaysErrors] = useState<string[]>([]);
  const [blockCopies, setBlockCopies] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [alert, setAlert] = useState<string>();
  const actionLabel = t(`moderation.actions.${request.action}`);
  const suspending = request.action === 'suspend';

  function handleContinue(event: FormEvent) {
    event.preventDefault();
    let valid = true;
    if (!note.trim()) {
      setNoteErrors([t('moderation.actions.noteRequired')]);
      valid = false;
    }
    const dayCount = Number(days);
    if (
      suspending &&
      !forGood &&
      !(Number.isInteger(dayCount) && dayCount >= 1 && dayCount <= SUSPEND_DAYS_MAX)
    ) {
      setDaysErrors([t('moderation.actions.daysInvalid', { max: SUSPEND_DAYS_MAX })]);
      valid = false;
    }
    if (valid) setConfirming(true);
  }

  function handleConfirm() {
    setAlert(undefined);
    act.mutate(
      {
        kind: request.kind,
        target_id: request.targetId,
        action: request.action,
        note: note.trim(),
        ...(suspending ? { suspend_days: forGood ? null : Number(days) } : {}),
        ...(blockCopies ? { block_copies: true } : {}),
      },
      {
        onSuccess: () => {
          notify.success(t('moderation.actions.done', { action: actionLabel }));
          onClose();
          onDone?.();
        },
        onError: (error) => {
          setConfirming(false);
          setAlert(errorMessage(t, error));
        },
      },
    );
  }

  if (confirming) {
    return (
      <div
        className="flex flex-col gap-4"
        role="group"
        aria-label={t('moderation.actions.confirmTitle', { action: actionLabel })}
      >
        <p className="font-medium text-neutral-900">
          {t('moderation.actions.confirmTitle', { action: actionLabel })}
        </p>
        <p className="text-sm text-neutral-700">{t('moderation.actions.confirmBody')}</p>
        <blockquote className="rounded-lg bg-neutral-100 px-3 py-2 text-sm whitespace-pre-wrap text-neutral-800">
          {note.trim()}
        </blockquote>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setConfirming(false)}>
            {t('moderation.actions.back')}
          </Button>
          <Button
            variant={actionSeverity(request.action) === 'destructive' ? 'danger' : 'primary'}
            onClick={handleConfirm}
            disabled={act.isPending}
          >
            {t('moderation.actions.confirm')}
          </Button>
        </div>
      </div>
    );
  }

  return (
    <form onSubmit={handleContinue} className="flex flex-col gap-4" noValidate>
      <Field label={t('moderation.actions.note')} errors={noteErrors}>
        {(control) => (
          <textarea
            {...control}
            required
            rows={TEXTAREA_ROWS}
            maxLength={MODERATION_NOTE_MAX}
            value={note}
            onChange={(event) => {
              setNote(event.target.value);
              setNoteErrors([]);
            }}
            className={`${inputClass} py-2`}
          />
        )}
      </Field>
      {suspending && (
        <div className="flex flex-wrap items-end gap-4">
          <Field label={t('moderation.actions.days')} errors={daysErrors} className="w-32">
            {(control) => (
              <input
                {...control}
                type="number"
                inputMode="numeric"
                min={1}
                max={SUSPEND_DAYS_MAX}
                disabled={forGood}
                value={days}
                onChange={(event) => {
                  setDays(event.target.value);
                  setDaysErrors([]);
                }}
                className={inputClass}
              />
            )}
          </Field>
          <label className="flex min-h-11 items-center gap-2 text-sm text-neutral-900">
            <input
              type="checkbox"
              checked={forGood}
              onChange={(event) => {
                setForGood(event.target.checked);
                setDaysErrors([]);
              }}
              className="size-4"
            />
            {t('moderation.actions.forGood')}
          </label>
        </div>
      )}
      {request.action === 'take_down' && request.kind === 'story' && (
        <label className="flex min-h-11 items-center gap-2 text-sm text-neutral-900">
          <input
            type="checkbox"
            checked={blockCopies}
            onChange={(event) => setBlockCopies(event.target.checked)}
            className="size-4"
          />
          {t('moderation.actions.blockCopies')}
        </label>
      )}
      <FormAlert message={alert} />
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          {t('moderation.actions.cancel')}
        </Button>
        <Button type="submit">{t('moderation.actions.continue')}</Button>
      </div>
    </form>
  );
}
