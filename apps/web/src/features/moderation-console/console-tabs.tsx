import type { ComponentType } from 'react';
import { Spinner } from '../../ui/Spinner.tsx';
import { lazyPart } from '../../ui/lazy-dialog.tsx';
import { AuditTab } from './AuditTab.tsx';
import { BlocklistTab } from './BlocklistTab.tsx';
import { QueueTab } from './QueueTab.tsx';
import { ReviewTab } from './ReviewTab.tsx';
import { StreamsTab } from './StreamsTab.tsx';
import { UsersTab } from './UsersTab.tsx';

export interface ConsoleTab {
  /** Also the last segment of its i18n label, `moderation.tabs.<id>`. */
  id: string;
  Component: ComponentType;
}

/**
 * The console's sections, in order. Other features' sections (known-content review and the
 * blocklist, copyright notices, appeals) join this list as entries; each loads its code when
 * first shown.
 */
export const CONSOLE_TABS: ConsoleTab[] = [
  { id: 'queue', Component: QueueTab },
  { id: 'review', Component: ReviewTab },
  { id: 'blocklist', Component: BlocklistTab },
  { id: 'streams', Component: StreamsTab },
  { id: 'users', Component: UsersTab },
  { id: 'audit', Component: AuditTab },
  {
    id: 'notices',
    Component: lazyPart(
      () => import('../copyright/index.ts').then((m) => m.CopyrightNoticesTab),
      <Spinner className="self-center" />,
    ),
  },
  {
    id: 'appeals',
    Component: lazyPart(
      () => import('../appeals/index.ts').then((m) => m.AppealsTab),
      <Spinner className="self-center" />,
    ),
  },
];
