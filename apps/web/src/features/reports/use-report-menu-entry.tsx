import './reports-texts.ts';
import type { ReportKind } from '@glimpse/contract';
import { Flag } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyDialog } from '../../ui/lazy-dialog.tsx';
import type { MenuAction } from '../../ui/OverflowMenu.tsx';

const ReportDialog = lazyDialog(() => import('./ReportDialog.tsx').then((m) => m.ReportDialog));

export interface ReportTarget {
  kind: ReportKind;
  targetId: number;
  /** The account's name, for "Report Name" (user reports). */
  name?: string;
}

/** "Report …" for an overflow menu, with its dialog to render beside the menu (it outlives it). */
export function useReportMenuEntry(target: ReportTarget): { entry: MenuAction; dialog: ReactNode } {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return {
    entry: {
      kind: 'action',
      label: t(`reports.menu.${target.kind}`, { name: target.name ?? '' }),
      icon: <Flag aria-hidden="true" size={18} />,
      onSelect: () => setOpen(true),
      opensDialog: true,
    },
    dialog: (
      <ReportDialog
        open={open}
        onOpenChange={setOpen}
        kind={target.kind}
        targetId={target.targetId}
      />
    ),
  };
}

/** The dialog alone, for menus that are not overflow menus (a chat message's). */
export function useReportDialog(kind: ReportKind): {
  open: (targetId: number) => void;
  label: string;
  dialog: ReactNode;
} {
  const { t } = useTranslation();
  const [targetId, setTargetId] = useState<number | null>(null);
  return {
    open: setTargetId,
    label: t(`reports.menu.${kind}`, { name: '' }),
    dialog: (
      <ReportDialog
        open={targetId !== null}
        onOpenChange={(next) => {
          if (!next) setTargetId(null);
        }}
        kind={kind}
        targetId={targetId ?? 0}
      />
    ),
  };
}
