import { Radio } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ComingSoonScreen } from './ComingSoonScreen.tsx';

export function ChannelsScreen() {
  const { t } = useTranslation();
  return (
    <ComingSoonScreen
      title={t('placeholders.channels')}
      body={t('placeholders.channelsBody')}
      withBack={false}
      icon={<Radio size={40} />}
    />
  );
}
