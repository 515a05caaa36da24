import { Hourglass } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';

interface ComingSoonScreenProps {
  title: string;
  body: string;
  /** Top-level sections sit in the bottom navigation and need no back arrow. */
  withBack?: boolean;
  fallback?: string;
  icon?: ReactNode;
}

/** An honest screen for a capability that arrives in a later issue. */
export function ComingSoonScreen({
  title,
  body,
  withBack = true,
  fallback,
  icon,
}: ComingSoonScreenProps) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={title} fallback={fallback} back={withBack} />
      <main id="main" className="flex flex-1 flex-col">
        <EmptyState icon={icon ?? <Hourglass size={40} />} title={t('common.comingSoonTitle')}>
          <p>{body}</p>
          <p className="mt-1">{t('common.comingSoon')}</p>
        </EmptyState>
      </main>
    </>
  );
}
