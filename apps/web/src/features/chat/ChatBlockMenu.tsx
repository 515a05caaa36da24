import type { ChatParty } from '@glimpse/contract';
import { useTranslation } from 'react-i18next';
import { OverflowMenu } from '../../ui/OverflowMenu.tsx';
import { useBlockMenuEntry } from '../blocking/index.ts';
import { useCompanion } from './chat.queries.ts';

/**
 * The direct chat header's menu: Block or Unblock the companion. The confirmation is rendered
 * beside the menu, not in it, so it stays open after the menu closes.
 */
export function ChatBlockMenu({ companion }: { companion: ChatParty }) {
  const { t } = useTranslation();
  const { data } = useCompanion(companion.id);
  const block = useBlockMenuEntry({
    userId: companion.id,
    name: companion.name,
    blocked: data?.blocked ?? false,
  });
  return (
    <>
      <OverflowMenu label={t('chat.header.menu')} entries={[block.entry]} />
      {block.dialog}
    </>
  );
}
