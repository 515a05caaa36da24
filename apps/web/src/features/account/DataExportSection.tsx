import './data-export-texts.ts';
import type { DataExport } from '@glimpse/contract';
import { Download } from 'lucide-react';
import { useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { activeLanguage } from '../../i18n/languages.ts';
import { isApiError } from '../../lib/api.ts';
import { formatDate } from '../../lib/dates.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { Button, buttonClass } from '../../ui/Button.tsx';
import { ErrorState } from '../../ui/ErrorState.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { AccountSection } from './AccountSection.tsx';
import { isBuilding, useDataExports, useRequestDataExport } from './data-export.queries.ts';

const SIZE_UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;

/** "1.2 MB" / "1,2 MB": an archive's size as the language on screen writes it. */
export function formatSize(bytes: number, language: string = activeLanguage()): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < SIZE_UNITS.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit: SIZE_UNITS[unit],
    unitDisplay: 'short',
    maximumFractionDigits: value < 10 && unit > 0 ? 1 : 0,
  }).format(value);
}

const whenFormat: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

/**
 * "Your data": a copy of everything the user put in or bought, built in the background. Shows
 * the newest export: none yet, its progress while it is built (polled), its download link with
 * size and expiry once ready, or that it failed or expired, each with the way on.
 */
export function DataExportSection() {
  const { t } = useTranslation();
  const exports = useDataExports();
  const request = useRequestDataExport();
  const headingRef = useRef<HTMLHeadingElement>(null);

  function handleRequest() {
    // The button goes with the state it was in: the focus goes back to the section's heading.
    request.mutate(undefined, { onSettled: () => headingRef.current?.focus() });
  }

  const requestButton = (label: string, variant: 'primary' | 'secondary' = 'primary') => (
    <Button
      variant={variant}
      className="self-start"
      disabled={request.isPending}
      onClick={handleRequest}
    >
      {request.isPending ? t('dataExport.requesting') : label}
    </Button>
  );

  let body;
  if (exports.isPending) {
    body = <Spinner className="self-start" />;
  } else if (exports.isError) {
    body = (
      <ErrorState
        inline
        title={t('dataExport.loadFailed')}
        onRetry={() => void exports.refetch()}
        busy={exports.isFetching}
      />
    );
  } else {
    body = (
      <ExportState
        latest={exports.data[0]}
        requestButton={requestButton}
        building={isBuilding(exports.data[0])}
      />
    );
  }

  const refusal = request.error;
  return (
    <AccountSection heading={t('dataExport.heading')} headingRef={headingRef}>
      <p className="text-sm text-neutral-600">{t('dataExport.intro')}</p>
      {body}
      {refusal && (
        <p role="alert" className="text-sm text-red-700">
          {isApiError(refusal, 'rate_limited')
            ? t('dataExport.limit')
            : isApiError(refusal, 'export_in_progress')
              ? t('dataExport.inProgress')
              : errorMessage(t, refusal)}
        </p>
      )}
    </AccountSection>
  );
}

interface ExportStateProps {
  latest: DataExport | undefined;
  building: boolean;
  requestButton: (label: string, variant?: 'primary' | 'secondary') => ReactNode;
}

function ExportState({ latest, building, requestButton }: ExportStateProps) {
  const { t } = useTranslation();
  if (!latest) return requestButton(t('dataExport.request'));
  if (building) return <ExportProgress progress={latest.progress} />;
  if (latest.status === 'ready' && latest.download_url) {
    return (
      <div className="flex flex-col gap-3">
        <p role="status" className="text-sm font-medium text-neutral-900">
          {t('dataExport.ready')}
        </p>
        <a
          href={latest.download_url}
          download
          className={buttonClass('primary', 'self-start text-center')}
        >
          <Download aria-hidden="true" size={18} className="shrink-0" />
          {t('dataExport.download', { size: formatSize(latest.size_bytes ?? 0) })}
        </a>
        {latest.expires_at && (
          <p className="text-sm text-neutral-600">
            {t('dataExport.availableUntil', { date: formatDate(latest.expires_at, whenFormat) })}
          </p>
        )}
        {requestButton(t('dataExport.again'), 'secondary')}
      </div>
    );
  }
  if (latest.status === 'failed') {
    return (
      <div className="flex flex-col gap-3">
        <p className="text-sm text-neutral-800">{t('dataExport.failed')}</p>
        {requestButton(t('dataExport.retry'))}
      </div>
    );
  }
  // Expired (its link stopped working; the archive is deleted).
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-neutral-800">
        {t('dataExport.expired', {
          date: formatDate(latest.expires_at ?? latest.created_at, whenFormat),
        })}
      </p>
      {requestButton(t('dataExport.request'))}
    </div>
  );
}

function ExportProgress({ progress }: { progress: number }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm font-medium text-neutral-900">{t('dataExport.preparing')}</p>
      <div
        role="progressbar"
        aria-label={t('dataExport.progressLabel')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress}
        className="h-2 overflow-hidden rounded-full bg-neutral-200"
      >
        <div className="h-full bg-accent transition-[width]" style={{ width: `${progress}%` }} />
      </div>
      <p className="text-sm text-neutral-700">{t('dataExport.progress', { percent: progress })}</p>
      <p className="text-sm text-neutral-600">{t('dataExport.mailWhenReady')}</p>
    </div>
  );
}
