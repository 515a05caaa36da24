import { Check } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useRef } from 'react';
import { IconButton } from './Button.tsx';
import { menuItemClass, menuPanelClass } from './modal-surfaces.ts';
import type { MenuAction, OverflowMenuProps } from './overflow-menu-entries.ts';

/**
 * The real menu behind OverflowMenu's button, loaded when that button is first pressed and
 * mounted open: from then on it is the button (Radix: pointer, Enter, Space, arrows, Escape).
 * Its icon is the one OverflowMenu's button showed.
 */
export default function OverflowMenuPopup({
  label,
  entries,
  icon,
  tone,
  onOpenChange,
}: OverflowMenuProps) {
  // A dialog opened by an entry takes the focus; the closing menu must not pull it back.
  const dialogChosenRef = useRef(false);

  function select(entry: MenuAction) {
    dialogChosenRef.current = entry.opensDialog === true;
    entry.onSelect();
  }

  return (
    <DropdownMenu.Root defaultOpen onOpenChange={onOpenChange}>
      <DropdownMenu.Trigger asChild>
        <IconButton tone={tone} label={label}>
          {icon}
        </IconButton>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={4}
          collisionPadding={8}
          onCloseAutoFocus={(event) => {
            if (dialogChosenRef.current) event.preventDefault();
            dialogChosenRef.current = false;
          }}
          className={menuPanelClass}
        >
          {entries.map((entry) =>
            entry.kind === 'toggle' ? (
              <DropdownMenu.CheckboxItem
                key={entry.label}
                checked={entry.checked}
                onCheckedChange={entry.onCheckedChange}
                className={menuItemClass}
              >
                {entry.icon}
                <span className="flex-1">{entry.label}</span>
                <DropdownMenu.ItemIndicator>
                  <Check aria-hidden="true" size={18} />
                </DropdownMenu.ItemIndicator>
              </DropdownMenu.CheckboxItem>
            ) : (
              <DropdownMenu.Item
                key={entry.label}
                onSelect={() => select(entry)}
                className={menuItemClass}
              >
                {entry.icon}
                <span className="flex-1">{entry.label}</span>
              </DropdownMenu.Item>
            ),
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
