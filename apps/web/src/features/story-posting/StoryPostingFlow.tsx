import { POST_SUCCESS_RESET_MS } from '@glimpse/contract';
import { Dialog as RadixDialog, VisuallyHidden } from 'radix-ui';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHideBottomNav } from '../../ui/bottom-nav-visibility.ts';
import type { Capture, NewCapture } from './capture.ts';
import { PostForm } from './PostForm.tsx';
import type { PostingStep } from './posting-step.ts';
import { RecordStep } from './RecordStep.tsx';
import { ResultStep } from './ResultStep.tsx';

interface StoryPostingFlowProps {
  step: Exclude<PostingStep, -1>;
  onStepChange: (step: PostingStep) => void;
}

/** The full-screen "new story" flow: camera or file (0), result (1), before-posting form (2). */
export function StoryPostingFlow({ step, onStepChange }: StoryPostingFlowProps) {
  const { t } = useTranslation();
  const [capture, setCapture] = useState<Capture>();
  const captureRef = useRef<Capture | undefined>(undefined);
  const resetTimerRef = useRef<number | undefined>(undefined);
  useHideBottomNav(true);

  useEffect(() => {
    captureRef.current = capture;
  }, [capture]);

  // Leaving the flow frees the preview and forgets a pending reset.
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
    onStepChange(1);
  }

  function handleCloseResult() {
    replaceCapture(undefined);
    onStepChange(0);
  }

  function handlePosted() {
    resetTimerRef.current = window.setTimeout(() => onStepChange(-1), POST_SUCCESS_RESET_MS);
  }

  function handleOpenChange(open: boolean) {
    if (!open) onStepChange(-1);
  }

  return (
    <RadixDialog.Root open onOpenChange={handleOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-black/80" />
        <RadixDialog.Content
          aria-describedby={undefined}
          className="fixed inset-0 z-50 mx-auto flex w-full max-w-[480px] flex-col bg-black focus-visible:outline-none"
        >
          <VisuallyHidden.Root>
            <RadixDialog.Title>{t('posting.title')}</RadixDialog.Title>
          </VisuallyHidden.Root>
          {step === 0 || !capture ? (
            <RecordStep onCaptured={handleCaptured} onClose={() => onStepChange(-1)} />
          ) : step === 1 ? (
            <ResultStep
              capture={capture}
              onCloseResult={handleCloseResult}
              onNext={() => onStepChange(2)}
            />
          ) : (
            <PostForm capture={capture} onBack={() => onStepChange(1)} onPosted={handlePosted} />
          )}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
