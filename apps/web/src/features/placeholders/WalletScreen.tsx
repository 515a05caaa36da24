import { Wallet } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ComingSoonScreen } from './ComingSoonScreen.tsx';

export function WalletScreen() {
  const { t } = useTranslation();
  return (
    <ComingSoonScreen
      title={t('placeholders.wallet')}
      body={t('placeholders.walletBody')}
      icon={<Wallet size={40} />}
    />
  );
}
