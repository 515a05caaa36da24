import { Ellipsis, Flag, Repeat } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { OverflowMenu, type MenuEntry } from '../../ui/OverflowMenu.tsx';

interface StoryMoreMenuProps {
  /** Repeat is offered for videos only. */
  repeat: boolean | undefined;
  onRepeatChange: (repeat: boolean) => void;
  /** Report is offered on other creators' stories only. */
  onReport: (() => void) | undefined;
  /** The story waits while the menu is open. */
  onOpenChange: (open: boolean) => void;
}

/**
 * The header's secondary actions (repeat, report) behind one "More" button, so a phone-wide
 * header keeps room for the creator's name next to sound, pause and close.
 */
export function StoryMoreMenu({
  repeat,
  onRepeatChange,
  onReport,
  onOpenChange,
}: StoryMoreMenuProps) {
  const { t } = useTranslation();
  const entries: MenuEntry[] = [];
  if (repeat !== undefined) {
    entries.push({
      kind: 'toggle',
      label: t('viewer.repeat'),
      icon: <Repeat aria-hidden="true" size={20} />,
      checked: repeat,
      onCheckedChange: onRepeatChange,
    });
  }
  if (onReport) {
    entries.push({
      kind: 'action',
      label: t('viewer.report'),
      icon: <Flag aria-hidden="true" size={20} />,
      onSelect: onReport,
      opensDialog: true,
    });
  }
  return (
    <OverflowMenu
      label={t('viewer.more')}
      tone="overlay"
      icon={<Ellipsis aria-hidden="true" size={24} />}
      entries={entries}
      onOpenChange={onOpenChange}
    />
  );
}
