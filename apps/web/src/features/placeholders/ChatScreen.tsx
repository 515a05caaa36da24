import { useTranslation } from 'react-i18next';
import { routes } from '../../routes.ts';
import { ComingSoonScreen } from './ComingSoonScreen.tsx';

/** user.own.chat: the direct chat with companion `id`; Back leads to the messages list. */
export function ChatScreen() {
  const { t } = useTranslation();
  return (
    <ComingSoonScreen
      title={t('placeholders.chat')}
      body={t('placeholders.chatBody')}
      fallback={routes['user.own.messages']()}
    />
  );
}
