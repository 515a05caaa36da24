import type { Message } from '@glimpse/contract';
import { Pin, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { focusRing, IconButton } from '../../ui/Button.tsx';
import { pinnedPreview } from './message-preview.ts';

interface PinnedBarProps {
  message: Message;
  /** The owner may unpin with the close icon; viewers only read it. */
  canUnpin: boolean;
  onOpen: () => void;
  onUnpin: () => void;
}

/** Spec 2 and 4: the channel's pinned message; clicking scrolls to it, the close icon unpins. */
export function PinnedBar({ message, canUnpin, onOpen, onUnpin }: PinnedBarProps) {
  const { t } = useTranslation();
  const preview = pinnedPreview(t, message);
  return (
    <div className="flex items-center gap-1 border-b border-neutral-200 bg-neutral-50 pr-1 pl-3">
      <button
        type="button"
        onClick={onOpen}
        aria-label={t('chat.pinned.open', { preview })}
        className={`flex min-h-11 min-w-0 flex-1 items-center gap-2 rounded-lg text-left text-sm ${focusRing}`}
      >
        <Pin aria-hidden="true" size={16} className="shrink-0 text-accent-strong" />
        <span className="font-semibold text-neutral-900">{t('chat.pinned.label')}</span>
        <span className="truncate text-neutral-700">{preview}</span>
      </button>
      {canUnpin && (
        <IconButton label={t('chat.pinned.unpin')} onClick={onUnpin}>
          <X aria-hidden="true" size={18} />
        </IconButton>
      )}
    </div>
  );
}
