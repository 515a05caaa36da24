import type { ChatParty } from '@glimpse/contract';
import { Ban, CircleSlash } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useBlockToggle } from '../blocking/index.ts';
import { useCompanion } from './chat.queries.ts';
import { OverflowMenu, OverflowMenuItem } from '../../ui/OverflowMenu.tsx';

/**
 * The direct chat header's menu: Block or Unblock the companion. The confirmation is rendered
 * beside the menu, not in it, so it stays open after the menu closes.
 */
export function ChatBlockMenu({ companion }: { companion: ChatParty }) {
  const { t } = useTranslation();
  const { data } = useCompanion(companion.id);
  const toggle = useBlockToggle({
    userId: companion.id,
    name: companion.name,
    blocked: data?.blocked ?? false,
  });
  return (
    <>
      <OverflowMenu label={t('chat.header.menu')}>
        <OverflowMenuItem onSelect={toggle.request}>
          {toggle.shown ? (
            <CircleSlash aria-hidden="true" size={18} />
          ) : (
            <Ban aria-hidden="true" size={18} />
          )}
          {toggle.shown
            ? t('blocking.unblockNamed', { name: companion.name })
            : t('blocking.blockNamed', { name: companion.name })}
        </OverflowMenuItem>
      </OverflowMenu>
      {toggle.dialog}
    </>
  );
}
