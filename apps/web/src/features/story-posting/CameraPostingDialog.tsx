import { POST_SUCCESS_RESET_MS } from '@glimpse/contract';
import { Dialog as RadixDialog, VisuallyHidden } from 'radix-ui';
import { useEffect, useRef, useState } from 'react';
import type { Capture, NewCapture } from './capture.ts';
import { PostForm, type PostFormOptions } from './PostForm.tsx';
import type { PostingStep } from './posting-step.ts';
import { RecordStep } from './RecordStep.tsx';
import { ResultStep } from './ResultStep.tsx';

export interface CameraPostingDialogProps {
  /** The dialog's accessible name (visually hidden). */
  title: string;
  step: Exclude<PostingStep, -1>;
  /** -1 closes: the close button, Escape, or POST_SUCCESS_RESET_MS after a successful post. */
  onStepChange: (step: PostingStep) => void;
  /** Called as soon as the story is created, before the reset closes the flow. */
  onPosted?: () => void;
  overlayClassName: string;
  contentClassName: string;
  /** What the before-posting form sends and says (chat target, toast, verification check). */
  form?: PostFormOptions;
}

/**
 * The camera flow's dialog: record or pick (0), result (1), before-posting form (2). It owns the
 * capture and its preview URL; the step is the caller's, so each caller decides what closing means.
 */
export function CameraPostingDialog({
  title,
  step,
  onStepChange,
  onPosted,
  overlayClassName,
  contentClassName,
  form,
}: CameraPostingDialogProps) {
  const [capture, setCapture] = useState<Capture>();
  const captureRef = useRef<Capture | undefined>(undefined);
  const resetTimerRef = useRef<number | undefined>(undefined);

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
    onPosted?.();
    resetTimerRef.current = window.setTimeout(() => onStepChange(-1), POST_SUCCESS_RESET_MS);
  }

  function handleOpenChange(open: boolean) {
    if (!open) onStepChange(-1);
  }

  return (
    <RadixDialog.Root open onOpenChange={handleOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={overlayClassName} />
        <RadixDialog.Content aria-describedby={undefined} className={contentClassName}>
          <VisuallyHidden.Root>
            <RadixDialog.Title>{title}</RadixDialog.Title>
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
            <PostForm
              {...form}
              capture={capture}
              onBack={() => onStepChange(1)}
              onPosted={handlePosted}
            />
          )}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
