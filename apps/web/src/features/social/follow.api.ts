import type { ResponseOf } from '@glimpse/contract';
import { call } from '../../lib/api.ts';

export type FollowResponse = ResponseOf<'follow'>;

/** POST follows, DELETE unfollows; both answer with the resulting state. */
export function setFollowing(userId: number, follow: boolean): Promise<FollowResponse> {
  return call(follow ? 'follow' : 'unfollow', { params: { id: userId } });
}
