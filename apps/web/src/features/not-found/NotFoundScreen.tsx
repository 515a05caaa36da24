import { SearchX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { routes } from '../../routes.ts';
import { buttonClass } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';

export function NotFoundScreen() {
  const { t } = useTranslation();
  return (
    <main id="main" className="flex flex-1 flex-col items-center justify-center">
      <EmptyState icon={<SearchX size={48} />} title={t('common.notFound.title')}>
        <p>{t('common.notFound.body')}</p>
        <Link to={routes['auth.home']()} className={buttonClass('primary', 'mt-6')}>
          {t('common.notFound.home')}
        </Link>
      </EmptyState>
    </main>
  );
}
