import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { call } from '../../lib/api.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { useSnackbar } from '../../ui/snackbar.ts';
import { fetchStoryGroup, storyViewerKeys, useStoryViewer } from '../story-viewer/index.ts';
import { subscriptionKeys, useRefreshBalances } from './money.queries.ts';
import {
  RESUME_PARAM,
  resumeMarkerOf,
  TOP_UP_PARAM,
  type ResumeMarker,
} from './purchase-resume.ts';

/** Markers handled in this page's life: React may run an effect twice, a purchase runs once. */
const handled = new Set<string>();

/**
 * Back from a checkout with a purchase to finish: repeats it with the marker's nonce as its key
 * (a reload replays the same answer instead of charging again), then shows the result: the
 * unlocked story opens in the viewer, a subscription or bought direct messages are confirmed.
 */
export function PurchaseResumer() {
  const { t } = useTranslation();
  const { notify } = useSnackbar();
  const [searchParams, setSearchParams] = useSearchParams();
  const viewer = useStoryViewer();
  const queryClient = useQueryClient();
  const refresh = useRefreshBalances();

  async function finish(marker: ResumeMarker, toppedUp: boolean) {
    const idempotencyKey = `resume-${marker.nonce}`;
    if (marker.kind === 'unlock') {
      const answer = toppedUp
        ? await call('unlockStory', { params: { id: marker.storyId } }, { idempotencyKey })
        : { status: false as const };
      if (!answer.status) notify.error(t('money.resume.unlockFailed'));
      await refresh();
      // Fetched into the viewer's own cache entry: the profile page loaded the group before the
      // unlock, and the viewer would otherwise open on that copy, still locked.
      const group = await queryClient.fetchQuery({
        queryKey: storyViewerKeys.group(marker.creatorId),
        queryFn: () => fetchStoryGroup(marker.creatorId),
        staleTime: 0,
      });
      const index = group.stories.findIndex((story) => story.id === marker.storyId);
      viewer.open({
        userIds: [marker.creatorId],
        startUserIndex: 0,
        startStoryIndex: index >= 0 ? index : undefined,
      });
      return;
    }
    if (!toppedUp) return notify.error(t('money.resume.topUpFailed'));
    if (marker.kind === 'direct_message') {
      const bought = await call(
        'buyDirectMessage',
        { params: { id: marker.userId } },
        { idempotencyKey },
      );
      if (!('success' in bought)) return notify.error(t('money.resume.directMessageFailed'));
      notify.success(t('money.resume.directMessageBought'));
      return refresh();
    }
    const answer = await call(
      'subscribe',
      { params: { id: marker.userId }, body: { period: marker.period } },
      { idempotencyKey },
    );
    if (!('success' in answer)) return notify.error(t('money.resume.subscribeFailed'));
    notify.success(t('money.resume.subscribed'));
    await Promise.all([
      refresh(),
      queryClient.invalidateQueries({ queryKey: subscriptionKeys.of(marker.userId) }),
    ]);
  }

  useEffect(() => {
    const marker = resumeMarkerOf(searchParams);
    if (!marker || handled.has(marker.nonce)) return;
    handled.add(marker.nonce);
    const toppedUp = searchParams.get(TOP_UP_PARAM) !== 'fail';
    // The marker leaves the address at once: going back or sharing the page repeats nothing.
    const rest = new URLSearchParams(searchParams);
    rest.delete(RESUME_PARAM);
    rest.delete(TOP_UP_PARAM);
    setSearchParams(rest, { replace: true });
    finish(marker, toppedUp).catch((error: unknown) => notify.error(errorMessage(t, error)));
    // Runs when the address changes; finish reads only what it is given.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [searchParams]);

  return null;
}
