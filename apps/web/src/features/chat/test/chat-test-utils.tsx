import type { ChatMessagesPage, ChatState, Companion, CurrentUser } from '@glimpse/contract';
import type { ReactElement } from 'react';
import { mockFetch, type MockResponse, type RecordedCall } from '../../../test/fetch-mock.ts';
import { makeUser } from '../../../test/fixtures.ts';
import { landing, renderScreen, testQueryClient } from '../../../test/render.tsx';
import { paths } from '../../../routes.ts';
import { ChannelScreen, ChatScreen } from '../ChatRouteScreens.tsx';
import { COMPANION_ID, makeCompanion } from './chat-fixtures.ts';

type Handler = MockResponse | ((call: RecordedCall) => MockResponse);

interface ChatRenderOptions {
  state: ChatState | Handler;
  companion?: Companion | Handler;
  user?: Partial<CurrentUser>;
  handlers?: Record<string, Handler>;
  /** Opens the channel route (`/channels/:chatId`) instead of the direct chat with user 42. */
  channel?: boolean;
  ui?: ReactElement;
}

function asHandler(value: object): Handler {
  return typeof value === 'function' || 'body' in value || 'status' in value
    ? (value as Handler)
    : { body: value };
}

/** The query of a recorded call, e.g. `before` of a history page. */
export function queryOf(call: RecordedCall): URLSearchParams {
  return new URL(call.url, 'http://test.invalid').searchParams;
}

/** An answer to GET /api/chats/{id}/messages. */
export function page(messages: ChatMessagesPage['messages'], cursor: string | null = null) {
  return { body: { messages, cursor } satisfies ChatMessagesPage };
}

/**
 * Renders the chat route for a signed-in viewer (user 1) with stubbed fetch, landing routes for
 * the lists and 404 to assert redirects.
 */
export function renderChat(options: ChatRenderOptions) {
  const user = makeUser(options.user);
  const state = asHandler(options.state as object);
  const fetch = mockFetch({
    'GET /api/chats/load': state,
    [`GET /api/users/${COMPANION_ID}`]: asHandler((options.companion ?? makeCompanion()) as object),
    'POST /api/messages/read': { status: 204 },
    'GET /api/chats/7/messages': page([]),
    'GET /api/chats/9/messages': page([]),
    ...options.handlers,
  });
  const queryClient = testQueryClient();
  queryClient.setQueryData(['me'], user);
  const view = renderScreen(options.ui ?? (options.channel ? <ChannelScreen /> : <ChatScreen />), {
    queryClient,
    pattern: options.channel ? paths.channel : paths.chat,
    path: options.channel ? '/channels/9' : `/messages/${COMPANION_ID}`,
    extraRoutes: [landing(paths.messages), landing(paths.channels), landing(paths.notFound)],
  });
  return { ...fetch, ...view, user };
}

export function callsTo(calls: RecordedCall[], method: string, path: string): RecordedCall[] {
  return calls.filter((call) => call.method === method && call.url.split('?')[0] === path);
}
