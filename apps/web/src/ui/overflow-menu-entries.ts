import type { ReactNode } from 'react';

/* What an overflow menu holds, apart from the menu's code (OverflowMenu loads it on demand). */

/** An item of the menu that runs an action (Block, Report). */
export interface MenuAction {
  kind: 'action';
  label: string;
  icon: ReactNode;
  onSelect: () => void;
  /** The action opens a dialog, which keeps the focus when the menu closes. */
  opensDialog?: boolean;
}

/** A checkable item (Repeat). */
export interface MenuToggle {
  kind: 'toggle';
  label: string;
  icon: ReactNode;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
}

export type MenuEntry = MenuAction | MenuToggle;

export interface OverflowMenuProps {
  /** The button's accessible name. */
  label: string;
  entries: readonly MenuEntry[];
  /** The button's icon: a vertical ellipsis unless told. */
  icon?: ReactNode;
  tone?: 'light' | 'overlay';
  onOpenChange?: (open: boolean) => void;
}
