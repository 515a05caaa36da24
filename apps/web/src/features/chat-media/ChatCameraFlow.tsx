import './chat-media-texts.ts';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { modalOverlayClass } from '../../ui/modal-surfaces.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { loadStoryCamera } from '../story-posting/index.ts';
import type { ChatCameraDialogProps } from './ChatCameraDialog.tsx';

type FlowProps = Omit<ChatCameraDialogProps, 'kit'>;

// The camera, the upload and the form (story-posting's pieces) load when the flow first opens.
const LoadedCameraDialog = lazy(async () => {
  const [kit, { ChatCameraDialog }] = await Promise.all([
    loadStoryCamera(),
    import('./ChatCameraDialog.tsx'),
  ]);
  return { default: (props: FlowProps) => <ChatCameraDialog kit={kit} {...props} /> };
});

export interface ChatCameraFlowProps extends FlowProps {
  open: boolean;
}

function OpeningCamera() {
  const { t } = useTranslation();
  return (
    <div className={`${modalOverlayClass} flex items-center justify-center`}>
      <Spinner label={t('chatMedia.camera.loading')} />
    </div>
  );
}

/**
 * The camera flow in a chat (spec 2): photo or video -> preview -> form, posting a story with
 * destination `chat` (into this direct chat, optionally every subscriber's) or `broadcast` (the
 * own channel). After a successful post it closes itself and calls `onPosted`, then `onClose`.
 */
export function ChatCameraFlow({ open, ...props }: ChatCameraFlowProps) {
  if (!open) return null;
  return (
    <Suspense fallback={<OpeningCamera />}>
      <LoadedCameraDialog {...props} />
    </Suspense>
  );
}
