/**
 * Reporting (issue 29): the menu entry and dialog for stories, messages, users and streams.
 * The dialog's code loads when first opened.
 */
export {
  useReportDialog,
  useReportMenuEntry,
  type ReportTarget,
} from './use-report-menu-entry.tsx';
export { ReportOnlyMenu } from './ReportOnlyMenu.tsx';
export { reasonLabelKey } from './reason-label.ts';
