import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { isApiError } from '../../lib/api.ts';
import { routes } from '../../routes.ts';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { PageSpinner } from '../../ui/Spinner.tsx';
import { useCurrentUser } from '../auth/index.ts';
import type { ChatConversationProps } from './conversation-props.ts';
import { isUserNotFound, useChatState } from './chat.queries.ts';
import { OpenChat } from './OpenChat.tsx';

/**
 * A chat by companion or by id (spec 2): loads its state and opens it. Spec 8: a companion that
 * does not exist goes to 404; a chat that cannot be resolved (no chat id, or not one the viewer
 * may open) goes back to the list.
 */
export function ChatConversation(props: ChatConversationProps) {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const state = useChatState(props.target);
  const isChannel = 'chat_id' in props.target;
  const listPath = routes[isChannel ? 'user.own.channels' : 'user.own.messages']();

  if (state.isPending) return <PageSpinner />;
  if (state.isError) {
    if (isUserNotFound(state.error)) return <Navigate to={routes['404']()} replace />;
    if (isApiError(state.error, 'chat_not_found')) return <Navigate to={listPath} replace />;
    return (
      <EmptyState title={t('common.somethingWentWrong')}>
        <Button className="mt-4" onClick={() => void state.refetch()}>
          {t('common.retry')}
        </Button>
      </EmptyState>
    );
  }
  if (!state.data.chat_id) return <Navigate to={routes['user.own.messages']()} replace />;
  return <OpenChat {...props} chat={state.data} me={me} />;
}
