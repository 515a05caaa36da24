import type { ChosenCategory, Companion, CurrentUser, PublicProfile, Sex } from '@glimpse/contract';
import { ACCOUNT_DELETION_DAYS, categoriesForSex, fromCents } from '@glimpse/contract';
import type { MediaSigner } from '../../platform/storage/media-signer.ts';
import { avatarSrcset } from '../media/index.ts';
import type { ChosenCategoryRow, UserRow } from './users.repository.ts';

function money(cents: number | null): number | null {
  return cents === null ? null : fromCents(cents);
}

const bit = (value: boolean) => (value ? 1 : 0) as 0 | 1;

/**
 * The user's choices under categories that apply to their sex. Writes keep profiles to that rule
 * (users.service.ts); reading by it too means a category whose flags change later never shows
 * where it no longer applies.
 */
export function presentChosenCategories(rows: ChosenCategoryRow[], sex: Sex): ChosenCategory[] {
  const chosen = rows.map((row) => ({
    id: row.id,
    title: row.title,
    color_code: row.colorCode,
    category_id: row.categoryId,
    category_title: row.categoryTitle,
    for_male: bit(row.forMale),
    for_female: bit(row.forFemale),
    for_transgender: bit(row.forTransgender),
  }));
  return categoriesForSex(chosen, sex);
}

export function avatarUrl(user: UserRow, viewerId: number, signer: MediaSigner): string | null {
  return user.avatarKey ? signer.url(user.avatarKey, viewerId) : null;
}

/** When a requested deletion erases the account: ACCOUNT_DELETION_DAYS after the request. */
export function deletionDate(requestedAt: Date | null): string | null {
  if (requestedAt === null) return null;
  return new Date(requestedAt.getTime() + ACCOUNT_DELETION_DAYS * 86_400_000).toISOString();
}

export interface CurrentUserExtras {
  categories: ChosenCategoryRow[];
  followers: number;
  subscribers: number;
  balanceCents: number;
  twoFactorEnabled: boolean;
}

export function presentCurrentUser(
  user: UserRow,
  extras: CurrentUserExtras,
  signer: MediaSigner,
): CurrentUser {
  return {
    id: user.id,
    slug: user.slug,
    name: user.name,
    email: user.email,
    email_verified: user.emailVerifiedAt !== null,
    two_factor_enabled: extras.twoFactorEnabled,
    deletion_scheduled_for: deletionDate(user.deletionRequestedAt),
    bio: user.bio,
    sex: user.sex,
    birthdate: user.birthdate,
    country_code: user.countryCode,
    blockedCountries: user.blockedCountries,
    avatar_url: avatarUrl(user, user.id, signer),
    avatar_srcset: avatarSrcset(signer, user.avatarKey, user.id),
    verified: user.verifyOndatoAt !== null,
    verifyOndatoAt: user.verifyOndatoAt?.toISOString() ?? null,
    subscribers: extras.subscribers,
    followers: extras.followers,
    userCategories: presentChosenCategories(extras.categories, user.sex),
    balance: fromCents(extras.balanceCents),
    guide: user.guide,
    on_holiday_mood: user.onHolidayMood,
    subscribePrice: money(user.subscribePriceCents),
    benefits_list: user.benefitsList,
    bundles: user.bundles,
    directMessagePrice: money(user.directMessagePriceCents),
    directMessageTurnOff: user.directMessageTurnOff,
    directMessageSubscribersOnly: user.directMessageSubscribersOnly,
    role: user.role,
  };
}

export interface PublicProfileExtras {
  categories: ChosenCategoryRow[];
  isFollowing: boolean;
  isBlocked: boolean;
  /** The user's channel when the viewer may open it. */
  channelId: number | null;
  followers: number;
  subscribers: number;
}

export function presentPublicProfile(
  user: UserRow,
  extras: PublicProfileExtras,
  viewerId: number,
  signer: MediaSigner,
): PublicProfile {
  return {
    id: user.id,
    slug: user.slug,
    name: user.name,
    bio: user.bio,
    sex: user.sex,
    country_code: user.countryCode,
    profileImage: avatarUrl(user, viewerId, signer),
    avatar_srcset: avatarSrcset(signer, user.avatarKey, viewerId),
    verified: user.verifyOndatoAt !== null,
    on_holiday_mood: user.onHolidayMood,
    userCategories: presentChosenCategories(extras.categories, user.sex),
    subscribePrice: money(user.subscribePriceCents),
    subscriptionBenefits: { benefits_list: user.benefitsList, bundles: user.bundles },
    directMessagePrice: money(user.directMessagePriceCents),
    directMessageTurnOff: user.directMessageTurnOff,
    directMessageSubscribersOnly: user.directMessageSubscribersOnly,
    followers: extras.followers,
    subscribers: extras.subscribers,
    isOwn: user.id === viewerId,
    isFollowing: extras.isFollowing,
    isBlocked: extras.isBlocked,
    channel_id: extras.channelId,
  };
}

export interface CompanionExtras {
  hasStories: boolean;
  hasNotWatchedStories: boolean;
  /** The viewer blocked this user. */
  blocked: boolean;
  /** Whether the viewer may message the user now (`dm.send`). */
  canSendMessages: boolean;
}

export function presentCompanion(
  user: UserRow,
  extras: CompanionExtras,
  viewerId: number,
  signer: MediaSigner,
): Companion {
  const image = avatarUrl(user, viewerId, signer);
  return {
    id: user.id,
    name: user.name,
    slug: user.slug,
    profileImage: image,
    avatar_url: image,
    verified: user.verifyOndatoAt !== null,
    on_holiday_mood: user.onHolidayMood,
    hasNotWatchedStories: extras.hasNotWatchedStories,
    isExistStory: extras.hasStories,
    subscribePrice: money(user.subscribePriceCents),
    directMessagePrice: money(user.directMessagePriceCents),
    directMessageTurnOff: user.directMessageTurnOff,
    directMessageSubscribersOnly: user.directMessageSubscribersOnly,
    canSendMessages: extras.canSendMessages,
    blocked: extras.blocked,
  };
}
