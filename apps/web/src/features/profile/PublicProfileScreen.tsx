import './profile-texts.ts';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { isApiError } from '../../lib/api.ts';
import { routes } from '../../routes.ts';
import { buttonClass } from '../../ui/Button.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { PageSpinner } from '../../ui/Spinner.tsx';
import { BlockedProfileNotice } from '../blocking/index.ts';
import { StoryRingButton } from '../story-viewer/index.ts';
import { ChannelLink, ProfileActions } from './ProfileActions.tsx';
import { usePublicProfile } from './profile.queries.ts';
import { ProfileMoreMenu } from './ProfileMoreMenu.tsx';
import { ProfileStoriesGrid } from './ProfileStoriesGrid.tsx';
import { ProfileSummary } from './ProfileSummary.tsx';

/** Where Back leads when the profile was opened from a chat (`id` / `chat_id`) and not history. */
function backFallback(searchParams: URLSearchParams): string {
  const chatId = searchParams.get('chat_id');
  if (chatId) return routes['user.own.channel']({ chat_id: chatId });
  const id = searchParams.get('id');
  if (id) return routes['user.own.chat']({ id });
  return routes['auth.home']();
}

/**
 * otherUser.profile.viewSlug: the summary, follow / subscribe / message, and the stories grid.
 * Spec 8: an unknown slug or any failed lookup goes to the 404 screen.
 */
export function PublicProfileScreen() {
  const { t } = useTranslation();
  const { slug = '' } = useParams();
  const [searchParams] = useSearchParams();
  const profile = usePublicProfile(slug);

  // An expired session is the guard's to handle (it sends the user to sign in), not a 404.
  if (profile.isError && !isApiError(profile.error, 'unauthenticated')) {
    return <Navigate to={routes['404']()} replace />;
  }
  if (profile.isPending || profile.isError) return <PageSpinner />;

  const user = profile.data;
  return (
    <>
      <PageHeader
        title={user.name}
        fallback={backFallback(searchParams)}
        actions={user.isOwn ? undefined : <ProfileMoreMenu user={user} />}
      />
      <main id="main" className="flex flex-1 flex-col">
        <ProfileSummary
          name={user.name}
          handle={user.slug}
          avatarUrl={user.profileImage}
          avatarSrcSet={user.avatar_srcset}
          bio={user.bio}
          verified={user.verified}
          onHoliday={user.on_holiday_mood}
          followers={user.followers}
          subscribers={user.subscribers}
          categories={user.userCategories}
          sex={user.sex}
          wrapAvatar={
            user.isOwn
              ? undefined
              : (avatar) => (
                  <StoryRingButton userId={user.id} name={user.name}>
                    {avatar}
                  </StoryRingButton>
                )
          }
        />
        {!user.isOwn &&
          (user.isBlocked ? (
            <BlockedProfileNotice user={user} />
          ) : (
            <ProfileActions profile={user} />
          ))}
        {!user.isOwn && <ProfileStoriesGrid userId={user.id} />}
        {user.isOwn && (
          <div className="px-5 pb-8 lg:max-w-md lg:px-8">
            <p className="mb-3 text-sm text-neutral-600">{t('profile.viewMyProfile')}</p>
            <div className="flex flex-col gap-2">
              <Link
                to={routes['user.own.profile.view']()}
                className={buttonClass('secondary', 'w-full')}
              >
                {t('profile.title')}
              </Link>
              <ChannelLink channelId={user.channel_id} label={t('profile.myChannel')} />
            </div>
          </div>
        )}
      </main>
    </>
  );
}
