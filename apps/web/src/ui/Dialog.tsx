import { X } from 'lucide-react';
import { Dialog as RadixDialog, VisuallyHidden } from 'radix-ui';
import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { IconButton } from './Button.tsx';
import { cn } from './cn.ts';
import { firstFocusable, focusLikeUser } from './focus-modality.ts';
import { dialogPanelClass, modalOverlayClass } from './modal-surfaces.ts';

interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** Screen readers always get the title; sighted users only when this is true. */
  showTitle?: boolean;
  description?: ReactNode;
  showClose?: boolean;
  /** Alert dialogs want role="alertdialog" (e.g. confirmations). */
  role?: 'dialog' | 'alertdialog';
  children?: ReactNode;
  className?: string;
}

/**
 * The one modal shell: focus trap, Escape, outside click and scroll lock come from Radix. Opened
 * over another dialog it stacks on top with its own overlay, and Escape and focus stay with it.
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  showTitle = true,
  description,
  showClose = false,
  role = 'dialog',
  children,
  className,
}: DialogProps) {
  const { t } = useTranslation();
  // Dialogs here are opened by state, not a Radix Trigger, so Radix has nowhere to return focus:
  // remember what had focus when the dialog opened and go back there on close.
  const returnFocusRef = useRef<HTMLElement | null>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (open && document.activeElement instanceof HTMLElement) {
      returnFocusRef.current = document.activeElement;
    }
  }, [open]);
  const titleNode = (
    <RadixDialog.Title className="text-lg font-semibold text-neutral-900">
      {title}
    </RadixDialog.Title>
  );
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay data-modal-overlay="" className={modalOverlayClass} />
        <RadixDialog.Content
          ref={contentRef}
          role={role}
          // Radix moves focus from script, which Chrome rings even after a click: move it
          // ourselves, with the ring only for keyboard users (same first control as Radix).
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            focusLikeUser(firstFocusable(contentRef.current) ?? contentRef.current);
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            focusLikeUser(returnFocusRef.current);
          }}
          // Without a description Radix wants an explicit "none" rather than a dangling id.
          {...(description ? {} : { 'aria-describedby': undefined })}
          className={cn(dialogPanelClass, 'focus-visible:outline-none', className)}
        >
          <div className="flex items-start justify-between gap-2">
            {showTitle ? titleNode : <VisuallyHidden.Root>{titleNode}</VisuallyHidden.Root>}
            {showClose && (
              <RadixDialog.Close asChild>
                <IconButton label={t('common.close')} className="-mt-2 -mr-2">
                  <X aria-hidden="true" size={20} />
                </IconButton>
              </RadixDialog.Close>
            )}
          </div>
          {description && (
            <RadixDialog.Description className="text-sm text-neutral-700">
              {description}
            </RadixDialog.Description>
          )}
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
