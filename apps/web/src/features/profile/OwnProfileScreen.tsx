import './profile-texts.ts';
import { LogOut, Pencil, Video } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { routes } from '../../routes.ts';
import { Button, buttonClass } from '../../ui/Button.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { useSnackbar } from '../../ui/snackbar.ts';
import { DeletionScheduledNotice, UnverifiedEmailNotice } from '../account/index.ts';
import { useCurrentUser, useSignOut } from '../auth/index.ts';
import { OwnChannelLink } from '../chat-lists/index.ts';
import { BlockedUsersLink } from '../blocking/index.ts';
import { OwnStoryAvatar } from '../own-stories/index.ts';
import { SettingsLink } from '../settings/index.ts';
import { NewStoryButton } from '../story-posting/index.ts';
import { VerifyIdentityEntry } from '../verification/index.ts';
import { ProfileSummary } from './ProfileSummary.tsx';

/** user.own.profile.view */
export function OwnProfileScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const me = useCurrentUser();
  const signOut = useSignOut();
  const { notifyError } = useSnackbar();

  function handleSignOut() {
    signOut.mutate(undefined, { onError: notifyError });
  }

  return (
    <>
      <PageHeader title={t('profile.title')} back={false} actions={<SettingsLink />} />
      <main id="main" className="flex flex-1 flex-col">
        <ProfileSummary
          name={me.name}
          avatarUrl={me.avatar_url}
          avatarSrcSet={me.avatar_srcset}
          bio={me.bio}
          verified={me.verified}
          onHoliday={me.on_holiday_mood}
          followers={me.followers}
          subscribers={me.subscribers}
          subscribersHref={routes['user.own.profile.subscribers']()}
          categories={me.userCategories}
          sex={me.sex}
          handle={me.slug}
          wrapAvatar={(avatar) => <OwnStoryAvatar>{avatar}</OwnStoryAvatar>}
        />
        <DeletionScheduledNotice className="mx-5 mb-4 lg:mx-8" />
        <UnverifiedEmailNotice className="mx-5 mb-4 lg:mx-8" />
        <VerifyIdentityEntry verified={me.verified} />
        <div className="flex flex-col gap-3 px-5 pb-8 lg:flex-row lg:px-8">
          {/* On a desktop the navigation rail offers "New story". */}
          <NewStoryButton className="lg:hidden" />
          <Link to={routes['user.own.profile.goLive']()} className={buttonClass('secondary')}>
            <Video aria-hidden="true" size={18} />
            {t('profile.goLive')}
          </Link>
          <OwnChannelLink />
          <Button
            variant="secondary"
            onClick={() => void navigate(routes['user.own.profile.edit']())}
          >
            <Pencil aria-hidden="true" size={18} />
            {t('profile.edit')}
          </Button>
          <BlockedUsersLink />
          <Button variant="secondary" onClick={handleSignOut} disabled={signOut.isPending}>
            <LogOut aria-hidden="true" size={18} />
            {t('auth.signOut')}
          </Button>
        </div>
      </main>
    </>
  );
}
