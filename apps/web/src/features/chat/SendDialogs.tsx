import type { ChatParty } from '@glimpse/contract';
import { useTranslation } from 'react-i18next';
import { InfoDialog } from '../../ui/InfoDialog.tsx';
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
      <InfoDialog
        open={dialog?.kind === 'disabled'}
        onOpenChange={(open) => !open && sender.closeDialog()}
        title={t('chat.disabled.title')}
        content={t('chat.disabled.body', { name: companion.name })}
      />
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
