import { useTranslation } from 'react-i18next';
import { Button } from './Button.tsx';
import { Dialog } from './Dialog.tsx';

interface InfoDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title?: string;
  /** One text or a list of texts; shown as plain text, never parsed as HTML. */
  content: string | string[];
  /** Shows an OK button; without it the dialog closes by Escape, outside click or the X. */
  showOk?: boolean;
}

/** The information dialog of spec 2: a text or a list of texts with an optional OK button. */
export function InfoDialog({ open, onOpenChange, title, content, showOk = true }: InfoDialogProps) {
  const { t } = useTranslation();
  const texts = Array.isArray(content) ? content : [content];
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={title ?? t('dialogs.infoTitle')}
      showTitle={Boolean(title)}
      showClose={!showOk}
    >
      {texts.length === 1 ? (
        <p className="text-sm text-neutral-800">{texts[0]}</p>
      ) : (
        <ul className="list-disc space-y-1 pl-5 text-sm text-neutral-800">
          {texts.map((text, index) => (
            // Texts may repeat, so the index is part of the key.
            <li key={`${index}-${text}`}>{text}</li>
          ))}
        </ul>
      )}
      {showOk && (
        <div className="flex justify-end">
          <Button onClick={() => onOpenChange(false)}>{t('dialogs.ok')}</Button>
        </div>
      )}
    </Dialog>
  );
}
