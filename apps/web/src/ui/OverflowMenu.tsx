import { EllipsisVertical } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { IconButton } from './Button.tsx';
import type { OverflowMenuProps } from './overflow-menu-entries.ts';

export type {
  MenuAction,
  MenuEntry,
  MenuToggle,
  OverflowMenuProps,
} from './overflow-menu-entries.ts';

const loadPopup = () => import('./OverflowMenuPopup.tsx');
const OverflowMenuPopup = lazy(loadPopup);

/**
 * A button opening a short menu of less common actions (Block on a profile or in a chat header,
 * Repeat and Report in the story viewer). The menu's code (Radix's menu and its positioning,
 * ~12 KB compressed) is not part of the page's first load: the plain button fetches it when a
 * pointer or the focus comes near and hands over to the real menu, opened, when pressed.
 * Put what an entry opens (a confirmation) beside the menu: its content goes when it closes.
 */
export function OverflowMenu(props: OverflowMenuProps) {
  const { label, icon, tone = 'light', onOpenChange } = props;
  const [pressed, setPressed] = useState(false);
  const prefetch = () => void loadPopup();
  const button = (
    <IconButton
      tone={tone}
      label={label}
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={prefetch}
      onPointerDown={prefetch}
      onFocus={prefetch}
      onClick={() => {
        setPressed(true);
        onOpenChange?.(true);
      }}
    >
      {icon ?? <EllipsisVertical aria-hidden="true" size={22} />}
    </IconButton>
  );
  if (!pressed) return button;
  return (
    <Suspense fallback={button}>
      <OverflowMenuPopup {...props} tone={tone} />
    </Suspense>
  );
}
