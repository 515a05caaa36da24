import './reports-texts.ts';
import type { ReportReason } from '@glimpse/contract';

/** The i18n key of a report reason's label (its texts load with this module). */
export function reasonLabelKey(reason: ReportReason): `reports.reasons.${ReportReason}` {
  return `reports.reasons.${reason}`;
}
