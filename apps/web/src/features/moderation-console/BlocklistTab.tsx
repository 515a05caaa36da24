import type { BlocklistEntry } from '@glimpse/contract';
import { Trash2 } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/dates.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { Button } from '../../ui/Button.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { ErrorState } from '../../ui/ErrorState.tsx';
import { Field, inputClass } from '../../ui/Field.tsx';
import { FormAlert } from '../../ui/FormErrorHint.tsx';
import { useSnackbar } from '../../ui/snackbar.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { useMe } from '../auth/index.ts';
import { useBlocklist, useBlocklistFromFile, useBlocklistRemove } from './known-content.queries.ts';
import { ForbiddenGuard } from './NotAvailable.tsx';

const DAY: Intl.DateTimeFormatOptions = { dateStyle: 'medium' };

/** Lists an uploaded picture or video by its hash, with a label for the moderators. */
function AddFromFile() {
  const { t } = useTranslation();
  const { notify } = useSnackbar();
  const add = useBlocklistFromFile();
  const fileInput = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [label, setLabel] = useState('');
  const [fileErrors, setFileErrors] = useState<string[]>([]);
  const [alert, setAlert] = useState<string>();

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!file) return setFileErrors([t('moderation.blocklist.fileRequired')]);
    setAlert(undefined);
    add.mutate(
      { file, label: label.trim() },
      {
        onSuccess: ({ added }) => {
          notify.success(t('moderation.blocklist.added', { count: added }));
          setFile(null);
          setLabel('');
          if (fileInput.current) fileInput.current.value = '';
        },
        onError: (error) => setAlert(errorMessage(t, error)),
      },
    );
  }

  return (
    <form
      onSubmit={handleSubmit}
      noValidate
      aria-label={t('moderation.blocklist.addHeading')}
      className="flex flex-col gap-3 rounded-xl border border-neutral-200 bg-white p-3"
    >
      <h2 className="text-base font-semibold text-neutral-900">
        {t('moderation.blocklist.addHeading')}
      </h2>
      <p className="text-sm text-neutral-700">{t('moderation.blocklist.addHint')}</p>
      <div className="flex flex-col gap-3 md:flex-row md:items-start">
        <Field label={t('moderation.blocklist.file')} errors={fileErrors} className="md:flex-1">
          {(control) => (
            <input
              {...control}
              ref={fileInput}
              type="file"
              accept="image/*,video/*"
              onChange={(event) => {
                setFile(event.target.files?.[0] ?? null);
                setFileErrors([]);
              }}
              className={`${inputClass} py-2`}
            />
          )}
        </Field>
        <Field label={t('moderation.blocklist.label')} className="md:flex-1">
          {(control) => (
            <input
              {...control}
              type="text"
              maxLength={200}
              value={label}
              onChange={(event) => setLabel(event.target.value)}
              className={inputClass}
            />
          )}
        </Field>
      </div>
      <FormAlert message={alert} />
      <Button type="submit" className="self-start" disabled={add.isPending}>
        {add.isPending ? t('moderation.blocklist.adding') : t('moderation.blocklist.add')}
      </Button>
    </form>
  );
}

function EntryRow({
  entry,
  canRemove,
  onRemove,
}: {
  entry: BlocklistEntry;
  canRemove: boolean;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const label = entry.label || t('moderation.blocklist.noLabel');
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-neutral-200 bg-white px-3 py-2">
      <div className="flex min-w-0 flex-col">
        <span className="truncate text-sm font-semibold text-neutral-900">{label}</span>
        <span className="text-xs text-neutral-600">
          {entry.source_story_id === null
            ? t('moderation.blocklist.fromFile')
            : t('moderation.blocklist.fromStory', { id: entry.source_story_id })}
          {` · ${formatDate(entry.created_at, DAY)}`}
        </span>
      </div>
      {canRemove && (
        <Button
          variant="secondary"
          onClick={onRemove}
          aria-label={t('moderation.blocklist.removeNamed', { label })}
        >
          <Trash2 aria-hidden="true" size={18} />
          {t('moderation.blocklist.remove')}
        </Button>
      )}
    </li>
  );
}

/** The blocklist of known content: what is listed, adding from a file, removing (admins). */
export function BlocklistTab() {
  const { t } = useTranslation();
  const { notify } = useSnackbar();
  const { data: me } = useMe();
  const blocklist = useBlocklist();
  const remove = useBlocklistRemove();
  const [removing, setRemoving] = useState<BlocklistEntry | null>(null);
  const entries = blocklist.data?.entries ?? [];
  // Only admins may remove a listed hash; the server refuses anyone else in any case.
  const isAdmin = me?.role === 'admin';

  return (
    <ForbiddenGuard error={blocklist.error}>
      <div className="flex flex-col gap-4">
        <AddFromFile />
        {blocklist.isPending ? (
          <Spinner className="self-center" />
        ) : blocklist.isError ? (
          <ErrorState inline onRetry={() => void blocklist.refetch()} />
        ) : entries.length === 0 ? (
          <EmptyState variant="section" title={t('moderation.blocklist.empty')} />
        ) : (
          <ul className="flex flex-col gap-2" aria-label={t('moderation.blocklist.heading')}>
            {entries.map((entry) => (
              <EntryRow
                key={entry.id}
                entry={entry}
                canRemove={isAdmin}
                onRemove={() => setRemoving(entry)}
              />
            ))}
          </ul>
        )}
      </div>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={t('moderation.blocklist.confirmRemove')}
        message={t('moderation.blocklist.confirmRemoveBody', {
          label: removing?.label || t('moderation.blocklist.noLabel'),
        })}
        busy={remove.isPending}
        onConfirm={() => {
          if (!removing) return;
          remove.mutate(removing.id, {
            onSuccess: () => notify.success(t('moderation.blocklist.removed')),
            onError: (error) => notify.error(errorMessage(t, error)),
          });
        }}
      />
    </ForbiddenGuard>
  );
}
