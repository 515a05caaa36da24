import type { CurrentUser, OwnStream, StreamKey } from '@glimpse/contract';
import { mockFetch, type MockResponse, type RecordedCall } from '../../../test/fetch-mock.ts';
import { makeUser } from '../../../test/fixtures.ts';
import { landing, renderScreen, testQueryClient } from '../../../test/render.tsx';
import { paths } from '../../../routes.ts';
import { makeChatState } from '../../chat/test/chat-fixtures.ts';
import { GoLiveScreen } from '../GoLiveScreen.tsx';

type Handler = MockResponse | ((call: RecordedCall) => MockResponse);

export const OWN_STREAM_ID = 5;
export const OWN_CHAT_ID = 80;
export const INGEST_URL = `wss://glimpse.test/api/streams/${OWN_STREAM_ID}/ingest`;

export const streamKey: StreamKey = {
  rtmp_url: 'rtmp://glimpse.test:1935/live',
  stream_key: 'sk_first_secret',
  rtmp_enabled: true,
};

export function makeOwnStream(overrides: Partial<OwnStream> = {}): OwnStream {
  return {
    id: OWN_STREAM_ID,
    user_id: 1,
    slug: 'ada',
    name: 'Ada Lovelace',
    profileImage: null,
    verified: false,
    title: 'Evening talk',
    status: 'starting',
    audience: 'everyone',
    price: null,
    viewer_count: 0,
    started_at: null,
    ended_at: null,
    isOwner: true,
    isAvailable: true,
    needsPayment: false,
    playback_url: null,
    chat_id: OWN_CHAT_ID,
    record: false,
    replay_story_id: null,
    ingest: {
      kind: 'browser',
      browser_url: INGEST_URL,
      rtmp_url: streamKey.rtmp_url,
      stream_key: streamKey.stream_key,
    },
    ...overrides,
  };
}

/** The Go live screen for the signed-in creator (user 1) with the stream calls stubbed. */
export function renderGoLive({
  user,
  handlers = {},
}: { user?: Partial<CurrentUser>; handlers?: Record<string, Handler> } = {}) {
  const me = makeUser(user);
  const fetch = mockFetch({
    'GET /api/auth/session': { body: { user: me } },
    'GET /api/streams/key': { body: streamKey },
    // No stream left open: the screen starts with the form.
    'GET /api/users/me/stream': { body: { stream: null } },
    'POST /api/streams': { status: 201, body: makeOwnStream() },
    [`DELETE /api/streams/${OWN_STREAM_ID}`]: { body: makeOwnStream({ status: 'ended' }) },
    'GET /api/chats/load': {
      body: makeChatState({ chat_id: OWN_CHAT_ID, messages: [], isChatOwner: true }),
    },
    [`GET /api/chats/${OWN_CHAT_ID}/messages`]: { body: { messages: [], cursor: null } },
    ...handlers,
  });
  const queryClient = testQueryClient();
  queryClient.setQueryData(['me'], me);
  const view = renderScreen(<GoLiveScreen />, {
    queryClient,
    pattern: paths.goLive,
    path: paths.goLive,
    extraRoutes: [landing(paths.ownProfile)],
  });
  return { ...fetch, ...view };
}
