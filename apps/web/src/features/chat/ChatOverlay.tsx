import './chat-texts.ts';
import { Dialog as RadixDialog, VisuallyHidden } from 'radix-ui';
import { useLayoutEffect, useRef, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { focusLikeUser } from '../../ui/focus-modality.ts';
import { ChatConversation } from './ChatConversation.tsx';
import { chatHeaderMenuItems } from './header-menu-slot.tsx';
import { useVisualViewportFit } from './use-visual-viewport-fit.ts';

export interface ChatOverlayProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The companion: the direct chat with this user opens. */
  userId: number;
  name: string;
}

/**
 * Spec 2: the chat opened from a profile's "send message", over the profile rather than as a
 * route; Back (or Escape) closes it. Full screen on a phone, a side panel on a desktop.
 */
export function ChatOverlay({ open, onOpenChange, userId, name }: ChatOverlayProps) {
  const { t } = useTranslation();
  // Opened from state, not a Radix Trigger: focus goes back to what opened it (the button).
  const opener = useRef<HTMLElement | null>(null);
  const content = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (open && document.activeElement instanceof HTMLElement)
      opener.current = document.activeElement;
  }, [open]);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 hidden bg-black/40 lg:block" />
        <RadixDialog.Content
          ref={content}
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            focusLikeUser(opener.current);
          }}
          className="fixed inset-0 z-40 flex flex-col bg-white focus-visible:outline-none lg:left-auto lg:w-[480px] lg:border-l lg:border-neutral-200 lg:shadow-xl"
        >
          <VisuallyHidden.Root>
            <RadixDialog.Title>{t('chat.overlay.title', { name })}</RadixDialog.Title>
          </VisuallyHidden.Root>
          <KeyboardFit target={content} />
          <ChatConversation
            target={{ user_id: userId }}
            onBack={() => onOpenChange(false)}
            headingLevel={2}
            headerMenuItems={chatHeaderMenuItems}
          />
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** The overlay's content follows the visual viewport once it is mounted (the on-screen keyboard). */
function KeyboardFit({ target }: { target: RefObject<HTMLDivElement | null> }) {
  useVisualViewportFit(target);
  return null;
}
