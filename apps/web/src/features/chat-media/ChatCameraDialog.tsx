import { POST_SUCCESS_RESET_MS } from '@glimpse/contract';
import { Dialog as RadixDialog, VisuallyHidden } from 'radix-ui';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHideBottomNav } from '../../ui/bottom-nav-visibility.ts';
import { modalOverlayClass } from '../../ui/modal-surfaces.ts';
import type { Capture, NewCapture, PostingStep, StoryCamera } from '../story-posting/index.ts';
import { ChatPostForm } from './ChatPostForm.tsx';

export interface ChatCameraDialogProps {
  /** story-posting's camera pieces, loaded together with this dialog (ChatCameraFlow). */
  kit: StoryCamera;
  destination: 'chat' | 'broadcast';
  chatId: number;
  onClose: () => void;
  onPosted: () => void;
}

/**
 * The camera flow in a chat (spec 2): record (0), result (1), before-posting form (2). Closing
 * the result returns to 0; POST_SUCCESS_RESET_MS after a successful post the step goes to -1:
 * the flow is closed, `onPosted` then `onClose` are called.
 */
export function ChatCameraDialog({
  kit,
  destination,
  chatId,
  onClose,
  onPosted,
}: ChatCameraDialogProps) {
  const { t } = useTranslation();
  const [step, setStep] = useState<PostingStep>(0);
  const [capture, setCapture] = useState<Capture>();
  const captureRef = useRef<Capture | undefined>(undefined);
  const resetTimerRef = useRef<number | undefined>(undefined);
  // Posted, with the reset still to come: closing early still reports the post.
  const postedRef = useRef(false);
  useHideBottomNav(step !== -1);

  useEffect(() => {
    captureRef.current = capture;
  }, [capture]);

  useEffect(
    () => () => {
      if (captureRef.current) URL.revokeObjectURL(captureRef.current.previewUrl);
      window.clearTimeout(resetTimerRef.current);
    },
    [],
  );

  function replaceCapture(next: Capture | undefined) {
    if (capture) URL.revokeObjectURL(capture.previewUrl);
    setCapture(next);
  }

  function handleCaptured(next: NewCapture) {
    replaceCapture({ ...next, previewUrl: URL.createObjectURL(next.file) });
    setStep(1);
  }

  function handleCloseResult() {
    replaceCapture(undefined);
    setStep(0);
  }

  function close() {
    window.clearTimeout(resetTimerRef.current);
    setStep(-1);
    if (postedRef.current) {
      postedRef.current = false;
      onPosted();
    }
    onClose();
  }

  function handlePosted() {
    postedRef.current = true;
    resetTimerRef.current = window.setTimeout(close, POST_SUCCESS_RESET_MS);
  }

  if (step === -1) return null;
  return (
    <RadixDialog.Root open onOpenChange={(open) => !open && close()}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={modalOverlayClass} />
        <RadixDialog.Content
          aria-describedby={undefined}
          // A full-height column on a phone; a centred tall modal on a desktop-wide window.
          className="fixed inset-0 z-50 mx-auto flex w-full max-w-[480px] flex-col overflow-hidden bg-black focus-visible:outline-none lg:inset-y-6 lg:rounded-2xl lg:shadow-2xl"
        >
          <VisuallyHidden.Root>
            <RadixDialog.Title>
              {destination === 'chat'
                ? t('chatMedia.camera.titleChat')
                : t('chatMedia.camera.titleBroadcast')}
            </RadixDialog.Title>
          </VisuallyHidden.Root>
          {step === 0 || !capture ? (
            <kit.RecordStep onCaptured={handleCaptured} onClose={close} />
          ) : step === 1 ? (
            <kit.ResultStep
              capture={capture}
              onCloseResult={handleCloseResult}
              onNext={() => setStep(2)}
            />
          ) : (
            <ChatPostForm
              kit={kit}
              capture={capture}
              destination={destination}
              chatId={chatId}
              onBack={() => setStep(1)}
              onPosted={handlePosted}
            />
          )}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
