import { X } from 'lucide-react';
import { Dialog as RadixDialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { IconButton } from '../../ui/Button.tsx';
import { modalOverlayClass, sheetPanelClass } from '../../ui/modal-surfaces.ts';

interface MoneySheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  children: ReactNode;
}

/** A bottom sheet on a phone, a centred dialog on a desktop (the tip menu of spec 2). */
export function MoneySheet({ open, onOpenChange, title, children }: MoneySheetProps) {
  const { t } = useTranslation();
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={modalOverlayClass} />
        <RadixDialog.Content
          aria-describedby={undefined}
          className={`${sheetPanelClass} px-5 pt-3 focus-visible:outline-none`}
        >
          <div className="flex items-center justify-between">
            <RadixDialog.Title className="text-lg font-semibold text-neutral-900">
              {title}
            </RadixDialog.Title>
            <RadixDialog.Close asChild>
              <IconButton label={t('common.close')} className="-mr-2">
                <X aria-hidden="true" size={22} />
              </IconButton>
            </RadixDialog.Close>
          </div>
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
