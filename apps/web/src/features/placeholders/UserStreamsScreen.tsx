import './placeholder-texts.ts';
import { Video } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { isApiError } from '../../lib/api.ts';
import { routes } from '../../routes.ts';
import { PageSpinner } from '../../ui/Spinner.tsx';
import { usePublicProfile } from '../profile/index.ts';
import { ComingSoonScreen } from './ComingSoonScreen.tsx';

/** otherUser.profile.viewStreams: the user is looked up now, so a bad slug still goes to 404. */
export function UserStreamsScreen() {
  const { t } = useTranslation();
  const { slug = '' } = useParams();
  const profile = usePublicProfile(slug);
  if (profile.isPending) return <PageSpinner />;
  if (isApiError(profile.error, 'user_not_found')) {
    return <Navigate to={routes['404']()} replace />;
  }
  const name = profile.data?.name ?? slug;
  return (
    <ComingSoonScreen
      title={t('placeholders.streams')}
      body={t('placeholders.streamsBody', { name })}
      icon={<Video size={40} />}
    />
  );
}
