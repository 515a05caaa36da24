import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { IconButton } from './Button.tsx';
import { cn } from './cn.ts';

interface PageHeaderProps {
  title: string;
  /** Where Back goes when there is no in-app history (a deep link or a reload). */
  fallback?: string;
  actions?: ReactNode;
  /** False on top-level screens (reached from the bottom bar), which have nothing to go back to. */
  back?: boolean;
}

/** Screen header with a back arrow (unless `back` is false) and a title. */
export function PageHeader({ title, fallback = '/', actions, back = true }: PageHeaderProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();

  function handleBack() {
    // "default" is the key of the first entry: nothing in the app to go back to.
    if (location.key !== 'default') void navigate(-1);
    else void navigate(fallback, { replace: true });
  }

  return (
    <header
      className={cn(
        'sticky top-0 z-20 flex min-h-14 items-center gap-2 border-b border-neutral-200 bg-white/95 backdrop-blur',
        back ? 'px-2' : 'px-4',
      )}
    >
      {back && (
        <IconButton label={t('common.back')} onClick={handleBack}>
          <ArrowLeft aria-hidden="true" size={22} />
        </IconButton>
      )}
      {/* A long name (50 characters) wraps to a second line on a phone and is cut after it; the
          title shows all of it on hover, and the heading's accessible name is the whole text. */}
      <h1
        title={title}
        className="line-clamp-2 min-w-0 flex-1 text-lg font-semibold wrap-anywhere text-neutral-900"
      >
        {title}
      </h1>
      {actions}
    </header>
  );
}
