import { Ellipsis, Pin } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useState, type MouseEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { IconButton } from '../../ui/Button.tsx';
import { menuItemClass, menuPanelClass } from '../../ui/modal-surfaces.ts';

/**
 * Spec 4: the channel owner clicks an own message to get a menu with Pin. The click on the
 * message opens it; a small options button beside the message opens the same menu for keyboard
 * and screen reader users (the message itself holds players and links, so it is no button).
 */
export function PinMenu({ children, onPin }: { children: ReactNode; onPin: () => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);

  function handleClick(event: MouseEvent) {
    // A player's or a link's own click inside the message is not a request for the menu.
    if ((event.target as Element).closest('a, button, audio, video, input')) return;
    setOpen(true);
  }

  return (
    <DropdownMenu.Root open={open} onOpenChange={setOpen}>
      <div className="flex min-w-0 items-center gap-1">
        <DropdownMenu.Trigger asChild>
          <IconButton label={t('chat.pin.options')} className="size-9 text-neutral-600">
            <Ellipsis aria-hidden="true" size={18} />
          </IconButton>
        </DropdownMenu.Trigger>
        <div className="min-w-0 cursor-pointer" onClick={handleClick}>
          {children}
        </div>
      </div>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={4}
          collisionPadding={8}
          className={menuPanelClass}
        >
          <DropdownMenu.Item onSelect={onPin} className={menuItemClass}>
            <Pin aria-hidden="true" size={18} />
            {t('chat.pin.pin')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
