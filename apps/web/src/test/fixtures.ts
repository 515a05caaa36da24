import type { Country, CurrentUser, PublicProfile, UserCategory } from '@glimpse/contract';

/** Grace, a creator the viewer neither follows nor pays: the plain public profile. */
export function makePublicProfile(overrides: Partial<PublicProfile> = {}): PublicProfile {
  return {
    id: 42,
    slug: 'grace',
    name: 'Grace Hopper',
    bio: '',
    sex: 'female',
    country_code: 'us',
    profileImage: null,
    verified: false,
    on_holiday_mood: false,
    userCategories: [],
    subscribePrice: null,
    subscriptionBenefits: { benefits_list: [], bundles: [] },
    directMessagePrice: null,
    directMessageTurnOff: false,
    directMessageSubscribersOnly: false,
    followers: 0,
    subscribers: 0,
    isOwn: false,
    isFollowing: false,
    isBlocked: false,
    channel_id: null,
    ...overrides,
  };
}

export function makeUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: 1,
    slug: 'ada',
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    // Confirmed, as the demo accounts are: tests of the unconfirmed notice say so.
    email_verified: true,
    two_factor_enabled: false,
    deletion_scheduled_for: null,
    bio: 'Poet of numbers',
    sex: 'female',
    birthdate: '1990-12-10',
    country_code: 'gb',
    avatar_url: null,
    verified: false,
    verifyOndatoAt: null,
    subscribers: 3,
    followers: 12,
    userCategories: [],
    balance: 0,
    guide: true,
    on_holiday_mood: false,
    subscribePrice: null,
    benefits_list: [],
    bundles: [],
    directMessagePrice: null,
    directMessageTurnOff: false,
    directMessageSubscribersOnly: false,
    ...overrides,
  };
}

export const countries: Country[] = [
  { id: 0, name: 'All', code: 'all' },
  { id: 1, name: 'France', code: 'fr' },
  { id: 2, name: 'United Kingdom', code: 'gb' },
];

export const categories: UserCategory[] = [
  {
    id: 10,
    title: 'Hair Color',
    for_male: 1,
    for_female: 1,
    for_transgender: 1,
    sub_categories: [
      { id: 101, title: 'Black', color_code: '#000000' },
      { id: 102, title: 'Rainbow', color_code: 'colorful' },
      { id: 103, title: 'Other', color_code: null },
    ],
  },
  {
    id: 20,
    title: 'Body',
    for_male: 1,
    for_female: 0,
    for_transgender: 0,
    sub_categories: [
      { id: 201, title: 'Athletic', color_code: null },
      { id: 202, title: 'Slim', color_code: null },
    ],
  },
  {
    id: 30,
    title: 'Style',
    for_male: 0,
    for_female: 1,
    for_transgender: 1,
    sub_categories: [
      { id: 301, title: 'Classic', color_code: null },
      { id: 302, title: 'Sporty', color_code: null },
    ],
  },
];
