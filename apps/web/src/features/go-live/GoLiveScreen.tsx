import './go-live-texts.ts';
import type { CreateStreamBody, OwnStream } from '@glimpse/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { routes } from '../../routes.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { useSnackbar } from '../../ui/snackbar.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { useCurrentUser } from '../auth/index.ts';
import { LiveBadge } from '../live/index.ts';
import { VerifyDialog } from '../story-editing/index.ts';
import { AlreadyLiveNotice } from './AlreadyLiveNotice.tsx';
import { recorderMimeType } from './browser-ingest.ts';
import { CameraStage } from './CameraStage.tsx';
import { useCreateStream, useOwnOpenStream, useStreamKey } from './go-live.queries.ts';
import { GoLiveForm, type StreamSource } from './GoLiveForm.tsx';
import { LiveSession } from './LiveSession.tsx';
import { StreamKeyPanel } from './StreamKeyPanel.tsx';
import { StreamSummary, type EndedStream } from './StreamSummary.tsx';
import { useBrowserIngest } from './use-browser-ingest.ts';
import { useCameraPreview, type Facing } from './use-camera-preview.ts';

type Phase =
  { kind: 'setup' } | { kind: 'live'; stream: OwnStream } | { kind: 'ended'; ended: EndedStream };

/**
 * user.own.profile.goLive: the camera preview and the stream's settings, then Start (POST
 * /api/streams) and the browser ingest, or OBS with the RTMP key; while live the status, the
 * viewers, End and the live chat. A stream still open when the screen opens (a reload within
 * the reconnect grace) is taken up again from the source it was started with.
 */
export function GoLiveScreen() {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const { notifyError } = useSnackbar();
  const [phase, setPhase] = useState<Phase>({ kind: 'setup' });
  const [source, setSource] = useState<StreamSource>('camera');
  const [facing, setFacing] = useState<Facing>('user');
  const [alreadyLive, setAlreadyLive] = useState(false);
  const [verifyOpen, setVerifyOpen] = useState(false);
  const [mimeType] = useState(recorderMimeType);
  const create = useCreateStream();
  const rtmp = useStreamKey();
  const openStream = useOwnOpenStream();
  // Whether the look for an open stream is over (it is taken up once, on arrival).
  const [resumeChecked, setResumeChecked] = useState(false);
  const [resumed, setResumed] = useState(false);
  if (!resumeChecked && !openStream.isPending) {
    setResumeChecked(true);
    const open = openStream.data;
    if (open && open.status !== 'ended') {
      setPhase({ kind: 'live', stream: open });
      setSource(open.ingest.kind === 'rtmp' ? 'obs' : 'camera');
      setResumed(true);
    }
  }
  const live = phase.kind === 'live' ? phase.stream : null;
  // Not before the look is over: an OBS stream taken up never turns the camera on.
  const usesCamera = resumeChecked && source === 'camera' && phase.kind !== 'ended';
  const camera = useCameraPreview(facing, usesCamera);
  const ingest = useBrowserIngest({
    url: live && source === 'camera' ? live.ingest.browser_url : null,
    media: camera.media,
    mimeType,
  });
  useLeaveWarning(live !== null);

  function handleStart(body: CreateStreamBody) {
    setAlreadyLive(false);
    create.mutate(body, {
      onSuccess: (stream) => setPhase({ kind: 'live', stream }),
      onError: (error) => {
        if (isApiError(error, 'stream_already_live')) setAlreadyLive(true);
        else if (isApiError(error, 'verification_required')) setVerifyOpen(true);
        else if (!isApiError(error, 'max_price_error')) notifyError(error);
      },
    });
  }

  const cameraMissing = source === 'camera' && (!camera.media || mimeType === undefined);
  const priceError = isApiError(create.error, 'max_price_error')
    ? errorMessage(t, create.error)
    : undefined;

  return (
    <>
      <PageHeader title={t('goLive.title')} fallback={routes['user.own.profile.view']()} />
      <main
        id="main"
        className="mx-auto grid w-full max-w-6xl flex-1 gap-6 p-4 lg:grid-cols-[minmax(0,1fr)_400px] lg:p-8"
      >
        {phase.kind === 'ended' ? (
          // The camera is off by now: a summary instead of an empty black preview.
          <StreamSummary
            ended={phase.ended}
            onGoLiveAgain={() => {
              setResumed(false);
              setPhase({ kind: 'setup' });
            }}
          />
        ) : (
          <>
            <div className="flex flex-col gap-4">
              {source === 'camera' ? (
                <CameraStage
                  media={camera.media}
                  problem={mimeType === undefined ? 'unsupported' : camera.problem}
                  facing={facing}
                  onSwitchCamera={() => setFacing(facing === 'user' ? 'environment' : 'user')}
                  overlay={live && ingest.state.status === 'live' ? <LiveBadge /> : undefined}
                />
              ) : (
                <StreamKeyPanel />
              )}
            </div>
            <div className="flex min-h-0 flex-col gap-6">
              {!resumeChecked && <Spinner className="py-6" />}
              {live && resumed && (
                <p className="rounded-2xl bg-neutral-100 p-3 text-sm text-neutral-800">
                  {t('goLive.resumed', { title: live.title })}
                </p>
              )}
              {live && (
                <LiveSession
                  key={live.id}
                  stream={live}
                  ingest={source === 'camera' ? ingest.state : undefined}
                  onEnded={(ended) => setPhase({ kind: 'ended', ended })}
                />
              )}
              {phase.kind === 'setup' && resumeChecked && (
                <>
                  {alreadyLive && (
                    <AlreadyLiveNotice meId={me.id} onResolved={() => setAlreadyLive(false)} />
                  )}
                  <GoLiveForm
                    source={source}
                    onSourceChange={setSource}
                    rtmpEnabled={rtmp.data?.rtmp_enabled ?? false}
                    canStart={!cameraMissing}
                    busy={create.isPending}
                    priceError={priceError}
                    onStart={handleStart}
                  />
                  {source === 'camera' && <StreamKeyPanel />}
                </>
              )}
            </div>
          </>
        )}
      </main>
      <VerifyDialog open={verifyOpen} onOpenChange={setVerifyOpen} />
    </>
  );
}

/** Closing the tab while live would drop the stream after the grace: the browser asks first. */
function useLeaveWarning(live: boolean) {
  useEffect(() => {
    if (!live) return;
    const handleBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', handleBeforeUnload);
    return () => window.removeEventListener('beforeunload', handleBeforeUnload);
  }, [live]);
}
