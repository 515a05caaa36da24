import { ShieldOff } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api.ts';
import { EmptyState } from '../../ui/EmptyState.tsx';

/** What someone who is not on the moderation team sees at /admin. */
export function NotAvailable() {
  const { t } = useTranslation();
  return (
    <EmptyState icon={<ShieldOff size={40} />} title={t('moderation.notAvailable.title')}>
      {t('moderation.notAvailable.body')}
    </EmptyState>
  );
}

/** A tab whose list the server refused (403: not staff, or no longer) says so plainly. */
export function ForbiddenGuard({ error, children }: { error: unknown; children: ReactNode }) {
  return isApiError(error) && error.status === 403 ? <NotAvailable /> : children;
}
