import { useTranslation } from 'react-i18next';
import { Button } from './Button.tsx';
import { EmptyState } from './EmptyState.tsx';

interface ErrorStateProps {
  onRetry?: () => void;
  /** What failed; "Something went wrong" when not given. */
  title?: string;
  /**
   * A part of a screen failed (several lists at once, say), not the screen: one alert with one
   * retry in its place, instead of a page of its own (a `<main>`).
   */
  inline?: boolean;
  /** The retry is under way: the button waits. */
  busy?: boolean;
}

/** Shown when a screen or its data fails to load (offline, or a stale chunk after a deploy). */
export function ErrorState({ onRetry, title, inline = false, busy = false }: ErrorStateProps) {
  const { t } = useTranslation();
  const retry = (
    <Button
      className={inline ? undefined : 'mt-4'}
      variant={inline ? 'secondary' : 'primary'}
      disabled={busy}
      onClick={onRetry ?? (() => window.location.reload())}
    >
      {busy ? t('common.loading') : t('common.retry')}
    </Button>
  );
  if (inline) {
    return (
      <div
        role="alert"
        className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-neutral-200 bg-neutral-50 p-3 text-sm text-neutral-800"
      >
        <p>{title ?? t('common.somethingWentWrong')}</p>
        {retry}
      </div>
    );
  }
  return (
    <main className="flex flex-1 flex-col items-center justify-center">
      <EmptyState title={title ?? t('common.somethingWentWrong')}>{retry}</EmptyState>
    </main>
  );
}
