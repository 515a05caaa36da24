import { Check, Ellipsis, Flag, Repeat } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { IconButton } from '../../ui/Button.tsx';

interface StoryMoreMenuProps {
  /** Repeat is offered for videos only. */
  repeat: boolean | undefined;
  onRepeatChange: (repeat: boolean) => void;
  /** Report is offered on other creators' stories only. */
  onReport: (() => void) | undefined;
  /** The story waits while the menu is open. */
  onOpenChange: (open: boolean) => void;
}

const itemClass =
  'flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-3 text-base text-neutral-900 outline-none select-none data-highlighted:bg-neutral-100';

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
  // The report dialog takes focus when it opens; the closing menu must not pull it back.
  const reportChosenRef = useRef(false);

  function handleReport() {
    reportChosenRef.current = true;
    onReport?.();
  }

  return (
    <DropdownMenu.Root onOpenChange={onOpenChange}>
      <DropdownMenu.Trigger asChild>
        <IconButton tone="overlay" label={t('viewer.more')}>
          <Ellipsis aria-hidden="true" size={24} />
        </IconButton>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={4}
          collisionPadding={8}
          onCloseAutoFocus={(event) => {
            if (reportChosenRef.current) event.preventDefault();
            reportChosenRef.current = false;
          }}
          // Above the viewer (z-50) that it opens from.
          className="z-[70] min-w-48 rounded-xl bg-white p-1 shadow-xl"
        >
          {repeat !== undefined && (
            <DropdownMenu.CheckboxItem
              checked={repeat}
              onCheckedChange={onRepeatChange}
              className={itemClass}
            >
              <Repeat aria-hidden="true" size={20} />
              <span className="flex-1">{t('viewer.repeat')}</span>
              <DropdownMenu.ItemIndicator>
                <Check aria-hidden="true" size={18} />
              </DropdownMenu.ItemIndicator>
            </DropdownMenu.CheckboxItem>
          )}
          {onReport && (
            <DropdownMenu.Item onSelect={handleReport} className={itemClass}>
              <Flag aria-hidden="true" size={20} />
              <span className="flex-1">{t('viewer.report')}</span>
            </DropdownMenu.Item>
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
