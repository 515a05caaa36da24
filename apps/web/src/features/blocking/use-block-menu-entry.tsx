import { Ban, CircleSlash } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { MenuAction } from '../../ui/OverflowMenu.tsx';
import { useBlockToggle, type BlockTarget } from './use-block-toggle.tsx';

/**
 * "Block Name" / "Unblock Name" as an entry of an overflow menu (a profile's, a chat header's),
 * with the confirmation to render beside that menu: it outlives the menu that opened it.
 */
export function useBlockMenuEntry(target: BlockTarget): { entry: MenuAction; dialog: ReactNode } {
  const { t } = useTranslation();
  const toggle = useBlockToggle(target);
  return {
    entry: {
      kind: 'action',
      label: t(toggle.shown ? 'blocking.unblockNamed' : 'blocking.blockNamed', {
        name: target.name,
      }),
      icon: toggle.shown ? (
        <CircleSlash aria-hidden="true" size={18} />
      ) : (
        <Ban aria-hidden="true" size={18} />
      ),
      onSelect: toggle.request,
      // Block asks first; unblocking is done at once and opens nothing.
      opensDialog: !toggle.shown,
    },
    dialog: toggle.dialog,
  };
}
