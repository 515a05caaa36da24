import type { Story } from '@glimpse/contract';
import { CircleDollarSign } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconButton } from '../../ui/Button.tsx';
import { TipSheet } from '../money/index.ts';

/**
 * Tip access (spec 2). Shown only on another creator's available story not flagged noPaid
 * (StoryCaption decides). The sheet then sends to a verified creator, or switches to request
 * mode with the cannot-send notice for one who is not (spec 4, 5).
 */
interface TipAccessButtonProps {
  story: Story;
  onOpenChange: (open: boolean) => void;
}

export function TipAccessButton({ story, onOpenChange }: TipAccessButtonProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);

  // The sheet has no Radix trigger, so on closing (Esc, Send, Close) Radix gives the focus to
  // nobody and it fell to the page: the viewer's keys (arrows, Space) stopped until a click.
  // Once the sheet is gone, the focus goes back to the button that opened it.
  useEffect(() => {
    if (wasOpen.current && !open) buttonRef.current?.focus({ preventScroll: true });
    wasOpen.current = open;
  }, [open]);

  function handleOpenChange(next: boolean) {
    setOpen(next);
    onOpenChange(next);
  }

  return (
    <>
      <IconButton
        ref={buttonRef}
        tone="overlay"
        label={t('viewer.tip')}
        aria-haspopup="dialog"
        onClick={() => handleOpenChange(true)}
      >
        <CircleDollarSign aria-hidden="true" size={26} />
      </IconButton>
      <TipSheet
        open={open}
        onOpenChange={handleOpenChange}
        target={{ id: story.user_id, username: story.username, verified: story.verified }}
        storyId={story.id}
      />
    </>
  );
}
