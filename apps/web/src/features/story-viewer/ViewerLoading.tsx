import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import { cn } from '../../ui/cn.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { OpeningPicture } from './OpeningPicture.tsx';
import type { StoryViewerSession } from './story-viewer-context.ts';
import { VIEWER_BACKDROP_CLASS } from './viewer-frame.ts';

interface ViewerLoadingProps {
  session: StoryViewerSession;
  failed: boolean;
  onRetry: () => void;
  onClose: () => void;
  /** The opening picture is on screen, or there is none to show. */
  onPictureShown: () => void;
}

/**
 * While the viewer's code is on its way: the opening story's picture with a spinner over it;
 * if the code cannot come (offline), a way out.
 */
export function ViewerLoading({
  session,
  failed,
  onRetry,
  onClose,
  onPictureShown,
}: ViewerLoadingProps) {
  const { t } = useTranslation();
  return (
    <div className={cn('fixed inset-0 z-50', VIEWER_BACKDROP_CLASS)}>
      {!failed && (
        <OpeningPicture
          userId={session.userIds[session.startUserIndex]}
          startStoryIndex={session.startStoryIndex}
          onShown={onPictureShown}
        />
      )}
      <div className="absolute inset-0 flex flex-col items-center justify-center gap-4">
        {failed ? (
          <>
            <p role="alert">{t('common.somethingWentWrong')}</p>
            <div className="flex gap-3">
              <Button onClick={onRetry}>{t('common.retry')}</Button>
              <Button variant="secondary" onClick={onClose}>
                {t('common.close')}
              </Button>
            </div>
          </>
        ) : (
          <Spinner />
        )}
      </div>
    </div>
  );
}
