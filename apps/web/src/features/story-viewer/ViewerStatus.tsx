import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button, IconButton } from '../../ui/Button.tsx';
import { Spinner } from '../../ui/Spinner.tsx';

interface ViewerStatusProps {
  failed: boolean;
  onRetry: () => void;
  onClose: () => void;
}

/** While a creator's stories load, or when they could not: always with a way out. */
export function ViewerStatus({ failed, onRetry, onClose }: ViewerStatusProps) {
  const { t } = useTranslation();
  return (
    <div className="flex h-full flex-col">
      <div className="flex justify-end p-3">
        <IconButton tone="overlay" label={t('viewer.close')} onClick={onClose}>
          <X aria-hidden="true" size={24} />
        </IconButton>
      </div>
      <div className="flex flex-1 flex-col items-center justify-center gap-4 px-6 text-center">
        {failed ? (
          <>
            <p role="alert">{t('viewer.loadFailed')}</p>
            <Button variant="secondary" onClick={onRetry}>
              {t('common.retry')}
            </Button>
          </>
        ) : (
          <Spinner />
        )}
      </div>
    </div>
  );
}
