import type { ChatParty } from '@glimpse/contract';
import { EllipsisVertical } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { IconButton } from '../../ui/Button.tsx';

/** What the header menu's items are told about the open chat (e.g. Block, by its own feature). */
export interface HeaderMenuContext {
  chatId: number;
  companion: ChatParty;
  isChannel: boolean;
  isChatOwner: boolean;
}

/**
 * Renders the header's menu (a HeaderMenu of ChatMenuItem elements) and what its items open, or
 * null for no menu.
 */
export type HeaderMenuItems = (context: HeaderMenuContext) => ReactNode;

/** The chat header's kebab menu. */
export function HeaderMenu({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>
        <IconButton label={t('chat.header.menu')}>
          <EllipsisVertical aria-hidden="true" size={22} />
        </IconButton>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={4}
          collisionPadding={8}
          className="z-[70] min-w-48 rounded-xl bg-white p-1 shadow-xl"
        >
          {children}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

const menuItemClass =
  'flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-3 text-base text-neutral-900 outline-none select-none data-highlighted:bg-neutral-100';

/** An item of the chat header's menu, styled like the app's other menus. */
export function ChatMenuItem({
  onSelect,
  children,
}: {
  onSelect: () => void;
  children: ReactNode;
}) {
  return (
    <DropdownMenu.Item onSelect={onSelect} className={menuItemClass}>
      {children}
    </DropdownMenu.Item>
  );
}
