import './chat-media-texts.ts';
import { Camera } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconButton } from '../../ui/Button.tsx';
import { ChatCameraFlow } from './ChatCameraFlow.tsx';

export interface ChatPhotoButtonProps {
  destination: 'chat' | 'broadcast';
  chatId: number;
  /** The chat screen's permission check (spec 5): false keeps the camera closed. */
  beforeOpen?: () => Promise<boolean>;
}

/** The composer's camera icon: opens the chat camera flow (loaded on first use). */
export function ChatPhotoButton({ destination, chatId, beforeOpen }: ChatPhotoButtonProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [checking, setChecking] = useState(false);

  async function handleClick() {
    if (beforeOpen) {
      setChecking(true);
      try {
        if (!(await beforeOpen())) return;
      } finally {
        setChecking(false);
      }
    }
    setOpen(true);
  }

  return (
    <>
      <IconButton
        label={t('chatMedia.camera.open')}
        onClick={() => void handleClick()}
        disabled={checking}
        aria-busy={checking || undefined}
      >
        <Camera aria-hidden="true" size={22} />
      </IconButton>
      <ChatCameraFlow
        open={open}
        destination={destination}
        chatId={chatId}
        onClose={() => setOpen(false)}
        // The story arrives in the chat as a message (realtime), so nothing to add here.
        onPosted={() => undefined}
      />
    </>
  );
}
