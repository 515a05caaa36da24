import { api } from '../../lib/api.ts';

/** The contract's `followResponse` (the contract exports the schema only, not its type). */
export interface FollowResponse {
  following: boolean;
}

/** POST follows, DELETE unfollows; both answer with the resulting state. */
export function setFollowing(userId: number, follow: boolean): Promise<FollowResponse> {
  const path = `/api/users/${userId}/follow`;
  return follow ? api.post<FollowResponse>(path) : api.delete<FollowResponse>(path);
}
