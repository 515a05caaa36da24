import { useTranslation } from 'react-i18next';
import { routes } from '../../routes.ts';
import { ComingSoonScreen } from './ComingSoonScreen.tsx';

/** user.own.channel: a broadcast channel; Back leads to the channel list (spec 2). */
export function ChannelScreen() {
  const { t } = useTranslation();
  return (
    <ComingSoonScreen
      title={t('placeholders.channel')}
      body={t('placeholders.channelBody')}
      fallback={routes['user.own.channels']()}
    />
  );
}
