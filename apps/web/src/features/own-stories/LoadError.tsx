import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';

/** A failed load inside the menu, with a retry (ErrorState is for whole screens). */
export function LoadError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="flex flex-col items-center gap-2 p-4 text-sm text-neutral-700">
      <p>{t('common.somethingWentWrong')}</p>
      <Button variant="secondary" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </div>
  );
}
