import { useTranslation } from 'react-i18next';
import { OverflowMenu } from '../../ui/OverflowMenu.tsx';
import { useReportMenuEntry, type ReportTarget } from './use-report-menu-entry.tsx';

/** An overflow menu holding only "Report …" (the live viewer's top bar). */
export function ReportOnlyMenu({
  target,
  tone,
}: {
  target: ReportTarget;
  tone?: 'light' | 'overlay';
}) {
  const { t } = useTranslation();
  const report = useReportMenuEntry(target);
  return (
    <>
      <OverflowMenu label={t('reports.moreOptions')} entries={[report.entry]} tone={tone} />
      {report.dialog}
    </>
  );
}
