import { useTranslation } from 'react-i18next';
import { cn } from '../../ui/cn.ts';

/** What the checkout said when it sent the person back here. */
export function TopUpReturnBanner({ outcome }: { outcome: 'success' | 'fail' }) {
  const { t } = useTranslation();
  return (
    <p
      role={outcome === 'success' ? 'status' : 'alert'}
      className={cn(
        'rounded-xl p-3 text-sm',
        outcome === 'success' ? 'bg-green-50 text-green-900' : 'bg-red-50 text-red-900',
      )}
    >
      {t(outcome === 'success' ? 'wallet.return.success' : 'wallet.return.fail')}
    </p>
  );
}
