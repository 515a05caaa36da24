import type { PublicProfile, Story, StoryGroup } from '@glimpse/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockFetch, type MockResponse } from '../../test/fetch-mock.ts';
import { makeUser } from '../../test/fixtures.ts';
import { landing, renderScreen, testQueryClient } from '../../test/render.tsx';
import { makeChatState, makeCompanion, makeParty } from '../chat/test/chat-fixtures.ts';
import { recordingStoryViewer } from '../story-viewer/test/recording-viewer.tsx';
import { makeStory as makeViewerStory } from '../story-viewer/test/story-fixtures.ts';
import { PublicProfileScreen } from './PublicProfileScreen.tsx';

// Screens open the viewer through its context: this one records what they open.
let viewer: ReturnType<typeof recordingStoryViewer>;
beforeEach(() => {
  viewer = recordingStoryViewer();
});

function makeProfile(overrides: Partial<PublicProfile> = {}): PublicProfile {
  return {
    id: 42,
    slug: 'grace',
    name: 'Grace Hopper',
    bio: 'Compilers and nanoseconds',
    sex: 'female',
    country_code: 'us',
    profileImage: null,
    verified: true,
    on_holiday_mood: true,
    userCategories: [],
    subscribePrice: 9.99,
    subscriptionBenefits: { benefits_list: [], bundles: [] },
    directMessagePrice: null,
    directMessageTurnOff: false,
    directMessageSubscribersOnly: false,
    followers: 5,
    subscribers: 1,
    isOwn: false,
    isFollowing: false,
    isBlocked: false,
    channel_id: null,
    ...overrides,
  };
}

function makeStory(id: number, overrides: Partial<Story> = {}): Story {
  return makeViewerStory({
    id,
    user_id: 42,
    username: 'grace',
    slug: 'grace',
    name: 'Grace Hopper',
    text: '',
    video_meta: { muted: false, width: null, height: null },
    watched: true,
    created_date: '2025-01-01T00:00:00.000Z',
    ...overrides,
  });
}

const group: StoryGroup = {
  stories: [
    makeStory(1),
    makeStory(2, {
      isAvailable: false,
      price: 5,
      overlay_image_src: null,
      overlay_src: null,
    }),
  ],
  profileImage: null,
  name: 'Grace Hopper',
  slug: 'grace',
  creator_id: 42,
  subscribePrice: 9.99,
  subscriptionBenefits: { benefits_list: [], bundles: [] },
  guide: false,
  auth_id: 1,
};

function renderProfile(
  profile: MockResponse = { body: makeProfile() },
  extra = {},
  queryClient = testQueryClient(),
) {
  const fetch = mockFetch({
    'GET /api/users/slug/grace': profile,
    'GET /api/users/42/stories': { body: group },
    'GET /api/users/42/subscription': {
      body: { subscribed: false, expires_at: null, renews: false, period: null },
    },
    ...extra,
  });
  const view = renderScreen(viewer.around(<PublicProfileScreen />), {
    path: '/u/grace?from=home',
    pattern: '/u/:slug',
    extraRoutes: [landing('/404')],
    queryClient,
  });
  return { ...fetch, ...view };
}

describe('PublicProfileScreen', () => {
  it('shows the profile with its badges, actions and stories', async () => {
    renderProfile();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Grace Hopper' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Verified' })).toBeInTheDocument();
    // The handle, secondary under the name: @slug.
    expect(screen.getByTestId('user-name-label')).toHaveTextContent(/^@grace$/);
    expect(screen.getByText('On holiday')).toBeInTheDocument();
    expect(screen.getByText('Compilers and nanoseconds')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Follow' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('button', { name: 'Send message' })).toBeEnabled();
    // Without a channel the viewer may open, no channel link.
    expect(screen.queryByRole('link', { name: 'Channel' })).toBeNull();
    expect(await screen.findByRole('button', { name: 'Subscribe' })).toBeEnabled();

    const stories = screen.getByRole('region', { name: 'Stories' });
    const open = await within(stories).findByRole('button', { name: 'Open story 1' });
    expect(open.querySelector('img')).toHaveAttribute('src', '/media/1.jpg');
    const locked = within(stories).getByRole('button', { name: 'Locked story 2, $5.00' });
    expect(locked).toHaveTextContent('$5.00');
    expect(locked.querySelector('img')).toBeNull();
  });

  it('opens the chat over the profile from Send message; Back closes it', async () => {
    // Signed in, as behind the guard: the chat knows who the viewer is.
    const signedIn = testQueryClient();
    signedIn.setQueryData(['me'], makeUser());
    const { calls } = renderProfile(
      undefined,
      {
        'GET /api/chats/load': {
          body: makeChatState({
            companion: makeParty({ id: 42, name: 'Grace Hopper', slug: 'grace' }),
          }),
        },
        'GET /api/users/42': { body: makeCompanion({ name: 'Grace Hopper', slug: 'grace' }) },
      },
      signedIn,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Send message' }));
    const overlay = await screen.findByRole('dialog', { name: 'Chat with Grace Hopper' });
    expect(await within(overlay).findByRole('textbox', { name: 'Message' })).toBeInTheDocument();
    expect(calls.find((call) => call.url.startsWith('/api/chats/load'))!.url).toBe(
      '/api/chats/load?user_id=42',
    );
    await userEvent.click(within(overlay).getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Still on the profile: the overlay is no route of its own.
    expect(screen.getByRole('heading', { level: 1, name: 'Grace Hopper' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send message' })).toHaveFocus();
  });

  it('blocks from the header menu after the confirmation; the own page has no menu', async () => {
    const { calls } = renderProfile(undefined, {
      'POST /api/users/42/block': { body: { blocked: true } },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'More options' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Block Grace Hopper' }));
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Block' }));
    await waitFor(() =>
      expect(calls.filter((call) => call.url === '/api/users/42/block')).toHaveLength(1),
    );
  });

  it('offers Unblock instead of Follow, Subscribe and Send message to whom the viewer blocked', async () => {
    const { calls } = renderProfile(
      { body: makeProfile({ isBlocked: true }) },
      {
        'DELETE /api/users/42/block': { body: { blocked: false } },
      },
    );
    expect(
      await screen.findByText(
        'You blocked Grace Hopper. Unblock them to follow, subscribe or send a message.',
      ),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Follow' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send message' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Unblock Grace Hopper' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(1));
  });

  it("links to the creator's channel when the viewer may open it", async () => {
    renderProfile({ body: makeProfile({ channel_id: 9 }) });
    expect(await screen.findByRole('link', { name: 'Channel' })).toHaveAttribute(
      'href',
      '/channels/9',
    );
  });

  it('links the own public page to the own channel', async () => {
    renderProfile({ body: makeProfile({ isOwn: true, channel_id: 3 }) });
    expect(await screen.findByRole('link', { name: 'My channel' })).toHaveAttribute(
      'href',
      '/channels/3',
    );
  });

  it('opens the viewer at the tapped story', async () => {
    renderProfile();
    await userEvent.click(await screen.findByRole('button', { name: 'Locked story 2, $5.00' }));
    expect(viewer.open).toHaveBeenCalledWith({
      userIds: [42],
      startUserIndex: 0,
      startStoryIndex: 1,
    });
  });

  it("opens the viewer at a notification's story (?story=), once: the query goes", async () => {
    mockFetch({
      'GET /api/users/slug/grace': { body: makeProfile() },
      'GET /api/users/42/stories': { body: group },
      'GET /api/users/42/subscription': {
        body: { subscribed: false, expires_at: null, renews: false, period: null },
      },
    });
    const { location } = renderScreen(viewer.around(<PublicProfileScreen />), {
      path: '/u/grace?story=2',
      pattern: '/u/:slug',
    });
    await waitFor(() =>
      expect(viewer.open).toHaveBeenCalledWith({
        userIds: [42],
        startUserIndex: 0,
        startStoryIndex: 1,
      }),
    );
    await waitFor(() => expect(location.search).toBe(''));
    expect(viewer.open).toHaveBeenCalledTimes(1);
  });

  it('follows, then shows the check and counts the new follower', async () => {
    // The server's side of it: the profile is fetched again after following.
    let following = false;
    const { calls } = renderProfile(undefined, {
      'GET /api/users/slug/grace': () => ({
        body: makeProfile({ isFollowing: following, followers: following ? 6 : 5 }),
      }),
      'POST /api/users/42/follow': () => {
        following = true;
        return { body: { following: true } };
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Follow' }));
    expect(await screen.findByRole('button', { name: 'Following' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(screen.getByText('Followers').nextSibling).toHaveTextContent('6');
    expect(
      calls.some((call) => call.method === 'POST' && call.url === '/api/users/42/follow'),
    ).toBe(true);
  });

  it('shows the Channel button once following opens the channel', async () => {
    let following = false;
    renderProfile(
      { body: undefined },
      {
        'GET /api/users/slug/grace': () => ({
          body: makeProfile({ isFollowing: following, channel_id: following ? 7 : null }),
        }),
        'POST /api/users/42/follow': () => {
          following = true;
          return { body: { following: true } };
        },
      },
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Follow' }));
    expect(await screen.findByRole('link', { name: 'Channel' })).toHaveAttribute(
      'href',
      '/channels/7',
    );
  });

  it('starts from the follow state the server gives', async () => {
    renderProfile({ body: makeProfile({ isFollowing: true }) });
    expect(await screen.findByRole('button', { name: 'Following' })).toBeInTheDocument();
  });

  it('offers no follow or stories on your own profile', async () => {
    renderProfile({ body: makeProfile({ isOwn: true }) });
    expect(await screen.findByText('This is your profile')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Follow' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Stories' })).not.toBeInTheDocument();
  });

  it.each([
    ['an unknown slug', { status: 404, body: { err_key: 'user_not_found' } }],
    ['a failed lookup', { status: 500, body: { err_key: 'internal_error' } }],
  ])('goes to the 404 screen for %s', async (_case, answer) => {
    const { location } = renderProfile(answer);
    expect(await screen.findByText('landed on /404')).toBeInTheDocument();
    await waitFor(() => expect(location.pathname).toBe('/404'));
  });
});

describe('PublicProfileScreen subscribers count', () => {
  it('stays plain text: only the own profile screen links to the subscriber list', async () => {
    renderProfile({ body: makeProfile({ isOwn: true, subscribers: 4 }) });
    await screen.findByRole('heading', { level: 1, name: 'Grace Hopper' });
    expect(screen.getByText('Subscribers').nextSibling).toHaveTextContent('4');
    expect(screen.queryByRole('link', { name: /subscriber/i })).toBeNull();
  });
});

describe('PublicProfileScreen after subscribing', () => {
  it('counts the new subscriber and shows the Channel button at once, without a reload', async () => {
    let subscribed = false;
    const expiresAt = '2030-03-01T00:00:00.000Z';
    renderProfile(
      { body: undefined },
      {
        'GET /api/users/slug/grace': () => ({
          body: makeProfile({
            subscribers: subscribed ? 2 : 1,
            channel_id: subscribed ? 7 : null,
          }),
        }),
        'GET /api/users/42/subscription': () => ({
          body: subscribed
            ? { subscribed: true, expires_at: expiresAt, renews: true, period: 1 }
            : { subscribed: false, expires_at: null, renews: false, period: null },
        }),
        'POST /api/users/42/subscribe': () => {
          subscribed = true;
          return { body: { success: true } };
        },
        'GET /api/wallet': { body: { balance: 50, currency: 'USD', transactions: [] } },
      },
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Subscribe' }));
    const dialog = await screen.findByRole('dialog', { name: 'Subscribe to Grace Hopper' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Subscribe for $9.99' }));

    expect(await screen.findByRole('link', { name: 'Channel' })).toHaveAttribute(
      'href',
      '/channels/7',
    );
    await waitFor(() =>
      expect(screen.getByText(/^Subscribers?$/).nextSibling).toHaveTextContent('2'),
    );
    // Cancel renewal is a button that looks like one, beside the subscription's end date.
    const cancel = await screen.findByRole('button', { name: 'Cancel renewal' });
    expect(cancel).toHaveClass('border');
    expect(screen.getByText(/^Subscribed until/)).toBeInTheDocument();
  });
});
