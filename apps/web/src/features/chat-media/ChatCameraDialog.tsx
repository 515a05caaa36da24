import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHideBottomNav } from '../../ui/bottom-nav-visibility.ts';
import { modalOverlayClass } from '../../ui/modal-surfaces.ts';
import { useCurrentUser } from '../auth/index.ts';
import type { PostingStep, StoryCamera } from '../story-posting/index.ts';
import { useVerifiedCheck } from './use-verified-check.ts';

export interface ChatCameraDialogProps {
  /** story-posting's camera flow, loaded together with this dialog (ChatCameraFlow). */
  kit: StoryCamera;
  destination: 'chat' | 'broadcast';
  chatId: number;
  onClose: () => void;
  onPosted: () => void;
}

/**
 * The camera flow in a chat (spec 2): record (0), result (1), before-posting form (2), posting
 * with destination, chats and subscribers (spec 3, 5 "Chat story post"). Closing the result
 * returns to 0; POST_SUCCESS_RESET_MS after a successful post the step goes to -1: the flow is
 * closed, `onPosted` then `onClose` are called.
 */
export function ChatCameraDialog({
  kit,
  destination,
  chatId,
  onClose,
  onPosted,
}: ChatCameraDialogProps) {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const verification = useVerifiedCheck();
  const [step, setStep] = useState<PostingStep>(0);
  // Posted, with the reset still to come: closing early still reports the post.
  const postedRef = useRef(false);
  useHideBottomNav(step !== -1);

  function handleStepChange(next: PostingStep) {
    if (next !== -1) {
      setStep(next);
      return;
    }
    setStep(-1);
    if (postedRef.current) {
      postedRef.current = false;
      onPosted();
    }
    onClose();
  }

  if (step === -1) return null;
  return (
    <kit.CameraPostingDialog
      title={
        destination === 'chat'
          ? t('chatMedia.camera.titleChat')
          : t('chatMedia.camera.titleBroadcast')
      }
      step={step}
      onStepChange={handleStepChange}
      onPosted={() => {
        postedRef.current = true;
      }}
      overlayClassName={modalOverlayClass}
      // A full-height column on a phone; a centred tall modal on a desktop-wide window.
      contentClassName="fixed inset-0 z-50 mx-auto flex w-full max-w-[480px] flex-col overflow-hidden bg-black focus-visible:outline-none lg:inset-y-6 lg:rounded-2xl lg:shadow-2xl"
      form={{
        chatTarget: {
          destination,
          chatId,
          // "Also to all my subscribers" only for a creator who has some to send it to.
          ...(me.subscribers > 0 && {
            subscribersLabel: t('chatMedia.camera.subscribers'),
            subscribersHint: t('chatMedia.camera.subscribersHint'),
          }),
        },
        postedToast: t('chatMedia.camera.postedToast'),
        verification,
        // Sending into a chat, not posting a story to the profile.
        texts: {
          title:
            destination === 'chat'
              ? { photo: t('chatMedia.camera.send.photo'), video: t('chatMedia.camera.send.video') }
              : {
                  photo: t('chatMedia.camera.send.channelPhoto'),
                  video: t('chatMedia.camera.send.channelVideo'),
                },
          status: {
            idle: t('chatMedia.camera.send.status.idle'),
            loading: t('chatMedia.camera.send.status.loading'),
            success: t('chatMedia.camera.send.status.success'),
            failed: t('chatMedia.camera.send.status.failed'),
          },
        },
      }}
    />
  );
}
