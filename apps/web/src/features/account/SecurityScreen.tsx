import './account-texts.ts';
import { useTranslation } from 'react-i18next';
import { routes } from '../../routes.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { DataExportSection } from './DataExportSection.tsx';
import { DeleteAccountSection } from './DeleteAccountSection.tsx';
import { EmailSection } from './EmailSection.tsx';
import { PasswordSection } from './PasswordSection.tsx';
import { SessionsSection } from './SessionsSection.tsx';
import { TwoFactorSection } from './TwoFactorSection.tsx';

/** user.own.settings.security: the address, the password and the signed-in devices. */
export function SecurityScreen() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('account.title')} fallback={routes['user.own.settings']()} />
      <main id="main" className="flex flex-1 flex-col gap-4 px-4 py-4 lg:max-w-2xl lg:px-8 lg:py-6">
        <EmailSection />
        <PasswordSection />
        <TwoFactorSection />
        <SessionsSection />
        <DataExportSection />
        <DeleteAccountSection />
      </main>
    </>
  );
}
