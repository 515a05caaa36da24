import './appeals-texts.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { AppealStatementForm } from './AppealStatementForm.tsx';
import { useFileAppeal, useSuspendedAppeal } from './appeals.queries.ts';

export interface AppealButtonProps {
  kind: 'story' | 'message' | 'stream';
  id: number;
  /** Called once the appeal is filed (the standing screen refreshes its list). */
  onAppealed?: () => void;
  /** A suspended account (no session) files it with its refused sign-in's token. */
  standingToken?: string | undefined;
}

/**
 * "Appeal" for one of the user's own taken-down items: a dialog asks why the decision was wrong
 * and files the appeal; a second open appeal of the same item is refused by the server.
 */
export function AppealButton({ kind, id, onAppealed, standingToken }: AppealButtonProps) {
  const { t } = useTranslation();
  const bySession = useFileAppeal();
  const byToken = useSuspendedAppeal(standingToken ?? '');
  const appeal = standingToken ? byToken : bySession;
  const [open, setOpen] = useState(false);
  const [filed, setFiled] = useState(false);

  if (filed) {
    return (
      <p role="status" className="text-sm text-neutral-700">
        {t('appeals.dialog.filed')}
      </p>
    );
  }
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {t('appeals.dialog.open')}
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={t(`appeals.dialog.title.${kind}`)}
        description={t('appeals.dialog.intro')}
        showClose
      >
        <AppealStatementForm
          label={t('appeals.dialog.statement')}
          sendLabel={t('appeals.dialog.send')}
          pending={appeal.isPending}
          file={(statement, { done, failed }) =>
            appeal.mutate({ kind, target_id: id, statement }, { onSuccess: done, onError: failed })
          }
          onFiled={() => {
            setFiled(true);
            onAppealed?.();
          }}
        />
      </Dialog>
    </>
  );
}
