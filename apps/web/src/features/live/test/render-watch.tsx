import type { CurrentUser } from '@glimpse/contract';
import { vi } from 'vitest';
import { mockFetch, type MockResponse, type RecordedCall } from '../../../test/fetch-mock.ts';
import { makeUser } from '../../../test/fixtures.ts';
import { landing, renderScreen, testQueryClient } from '../../../test/render.tsx';
import { paths } from '../../../routes.ts';
import { makeChatState } from '../../chat/test/chat-fixtures.ts';
import { StreamWatchScreen } from '../StreamWatchScreen.tsx';
import {
  CREATOR_ID,
  makeCreatorProfile,
  makeStream,
  STREAM_CHAT_ID,
  STREAM_ID,
} from './live-fixtures.ts';

export type Handler = MockResponse | ((call: RecordedCall) => MockResponse);

interface WatchOptions {
  path?: string;
  handlers?: Record<string, Handler>;
  user?: Partial<CurrentUser>;
}

/**
 * The watch screen at `/u/grace/streams` for a signed-in viewer (user 1), the creator's live
 * stream and its empty chat stubbed; landing routes for home, the profile and 404.
 */
export function renderWatch({ path = '/u/grace/streams', handlers = {}, user }: WatchOptions = {}) {
  const fetch = mockFetch({
    'GET /api/users/slug/grace': { body: makeCreatorProfile() },
    [`GET /api/users/${CREATOR_ID}/stream`]: { body: makeStream() },
    'GET /api/chats/load': {
      body: makeChatState({ chat_id: STREAM_CHAT_ID, messages: [], isBroadcastingChannel: true }),
    },
    [`GET /api/chats/${STREAM_CHAT_ID}/messages`]: { body: { messages: [], cursor: null } },
    [`GET /api/streams/${STREAM_ID}`]: { body: makeStream() },
    ...handlers,
  });
  const queryClient = testQueryClient();
  queryClient.setQueryData(['me'], makeUser(user));
  const view = renderScreen(<StreamWatchScreen />, {
    queryClient,
    pattern: paths.userStreams,
    path,
    extraRoutes: [landing(paths.home), landing(paths.userProfile), landing(paths.notFound)],
  });
  return { ...fetch, ...view };
}

/**
 * jsdom plays nothing: play() resolves, load() does nothing, and `canPlayType` says whether
 * the browser plays HLS itself (Safari) or not (Chrome, Firefox).
 */
export function installVideoStubs({ nativeHls = false, mediaSource = true } = {}) {
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockImplementation((type: string) =>
    nativeHls && type === 'application/vnd.apple.mpegurl' ? 'maybe' : '',
  );
  if (mediaSource) vi.stubGlobal('MediaSource', class {});
}
