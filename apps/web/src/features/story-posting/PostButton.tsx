import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
// The posting texts join the translations with story-editing (its posting-texts.ts).
import '../story-editing/index.ts';

export type PostStatus = 'idle' | 'loading' | 'success' | 'failed';

interface PostButtonProps {
  status: PostStatus;
  /** Upload progress from 0 to 1 while posting. */
  progress: number | undefined;
  /** The form cannot be posted as it is (e.g. max_price_error). */
  disabled: boolean;
  /** The label per state, where "Post story" does not fit (sending into a chat). */
  labels?: Record<PostStatus, string>;
}

/** The post button with its state label (spec 4), and the upload progress while posting. */
export function PostButton({ status, progress, disabled, labels }: PostButtonProps) {
  const { t } = useTranslation();
  const percent = Math.round((progress ?? 0) * 100);
  return (
    <div className="flex flex-col gap-2">
      {status === 'loading' && (
        <div className="flex flex-col gap-1">
          <div
            role="progressbar"
            aria-label={t('posting.form.uploadProgress')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            className="h-2 overflow-hidden rounded-full bg-neutral-200"
          >
            <div className="h-full bg-accent transition-[width]" style={{ width: `${percent}%` }} />
          </div>
          <p className="text-sm text-neutral-700" aria-live="polite">
            {percent < 100 ? t('posting.form.uploading', { percent }) : t('posting.form.creating')}
          </p>
        </div>
      )}
      <Button
        type="submit"
        disabled={disabled || status === 'loading' || status === 'success'}
        data-status={status}
      >
        {labels?.[status] ?? t(`posting.form.status.${status}`)}
      </Button>
    </div>
  );
}
