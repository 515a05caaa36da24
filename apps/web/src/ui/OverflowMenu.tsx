import { EllipsisVertical } from 'lucide-react';
import { Suspense, useState } from 'react';
import { lazyComponent, lazyModule, prefetchOnApproach } from '../lib/lazy-module.ts';
import { IconButton } from './Button.tsx';
import type { OverflowMenuProps } from './overflow-menu-entries.ts';

export type {
  MenuAction,
  MenuEntry,
  MenuToggle,
  OverflowMenuProps,
} from './overflow-menu-entries.ts';

// Fetched near a pointer or the focus: by the press it is usually here and the menu opens in
// the same frame (lazyComponent does not suspend for a module that has arrived).
const popupModule = lazyModule(() => import('./OverflowMenuPopup.tsx'));
const OverflowMenuPopup = lazyComponent(popupModule, (m) => m.default);

/**
 * A button opening a short menu of less common actions (Block on a profile or in a chat header,
 * Repeat and Report in the story viewer). The menu's code (Radix's menu and its positioning,
 * ~12 KB compressed) is not part of the page's first load: the plain button fetches it when a
 * pointer or the focus comes near and hands over to the real menu, opened, when pressed.
 * Put what an entry opens (a confirmation) beside the menu: its content goes when it closes.
 */
export function OverflowMenu(props: OverflowMenuProps) {
  const { label, tone = 'light', onOpenChange } = props;
  const icon = props.icon ?? <EllipsisVertical aria-hidden="true" size={22} />;
  const [pressed, setPressed] = useState(false);
  const button = (
    <IconButton
      tone={tone}
      label={label}
      aria-haspopup="menu"
      aria-expanded={false}
      {...prefetchOnApproach(() => popupModule.prefetch())}
      onClick={() => {
        setPressed(true);
        onOpenChange?.(true);
      }}
    >
      {icon}
    </IconButton>
  );
  if (!pressed) return button;
  return (
    <Suspense fallback={button}>
      <OverflowMenuPopup {...props} icon={icon} tone={tone} />
    </Suspense>
  );
}
