import type { ChatParty } from '@glimpse/contract';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { PaidOptionsDialog } from './PaidOptionsDialog.tsx';
import type { useMessageSender } from './use-message-sender.ts';

interface SendDialogsProps {
  sender: ReturnType<typeof useMessageSender>;
  companion: ChatParty;
}

/** The dialogs a refused direct message opens: messages turned off, or the paid options. */
export function SendDialogs({ sender, companion }: SendDialogsProps) {
  const { t } = useTranslation();
  const { dialog } = sender;
  return (
    <>
      {/*
        The inform dialog of spec 2, built on Dialog rather than InfoDialog: sharing InfoDialog
        with the filter dialog would cut it into a chunk of its own that home preloads.
      */}
      <Dialog
        open={dialog?.kind === 'disabled'}
        onOpenChange={(open) => !open && sender.closeDialog()}
        title={t('chat.disabled.title')}
        description={t('chat.disabled.body', { name: companion.name })}
      >
        <div className="flex justify-end">
          <Button onClick={sender.closeDialog}>{t('dialogs.ok')}</Button>
        </div>
      </Dialog>
      {dialog?.kind === 'paid' && (
        <PaidOptionsDialog
          options={dialog.options}
          companion={companion}
          onClose={sender.closeDialog}
          onPurchased={sender.handlePurchased}
          onSubscribeClosed={() => void sender.recheckAfterSubscribe()}
        />
      )}
    </>
  );
}
