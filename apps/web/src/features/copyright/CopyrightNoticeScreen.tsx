import './copyright-texts.ts';
import { useTranslation } from 'react-i18next';
import { CopyrightNoticeForm } from './CopyrightNoticeForm.tsx';
import { PublicPage } from './PublicPage.tsx';

/** /copyright: how notices work, and the form. Works signed out. */
export function CopyrightNoticeScreen() {
  const { t } = useTranslation();
  return (
    <PublicPage title={t('copyright.notice.title')}>
      <div className="flex flex-col gap-2 text-sm text-neutral-700">
        <p>{t('copyright.notice.intro')}</p>
        <p>{t('copyright.notice.process')}</p>
      </div>
      <CopyrightNoticeForm />
    </PublicPage>
  );
}
