import { MessageCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ComingSoonScreen } from './ComingSoonScreen.tsx';

export function MessagesScreen() {
  const { t } = useTranslation();
  return (
    <ComingSoonScreen
      title={t('placeholders.messages')}
      body={t('placeholders.messagesBody')}
      withBack={false}
      icon={<MessageCircle size={40} />}
    />
  );
}
