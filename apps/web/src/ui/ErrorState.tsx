import { useTranslation } from 'react-i18next';
import { Button } from './Button.tsx';
import { EmptyState } from './EmptyState.tsx';

/** Shown when a screen or its data fails to load (offline, or a stale chunk after a deploy). */
export function ErrorState({ onRetry }: { onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <main className="flex flex-1 flex-col items-center justify-center">
      <EmptyState title={t('common.somethingWentWrong')}>
        <Button className="mt-4" onClick={onRetry ?? (() => window.location.reload())}>
          {t('common.retry')}
        </Button>
      </EmptyState>
    </main>
  );
}
