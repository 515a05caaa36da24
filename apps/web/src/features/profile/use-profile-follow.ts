import type { PublicProfile } from '@glimpse/contract';
import { useQueryClient } from '@tanstack/react-query';
import { homeKeys } from '../home/index.ts';
import type { FollowWord } from '../social/index.ts';
import { profileKeys } from './profile.queries.ts';

/**
 * The follow button reports the server's answer; the profile takes it as its flag (and counts
 * the follower) at once, then is fetched again: following opens the creator's channel to the
 * viewer, so its `channel_id` (the Channel button) changes with it. The home lists go stale since
 * the creator moves between Discover and Following.
 */
export function useProfileFollowResult(slug: string) {
  const queryClient = useQueryClient();
  return (word: FollowWord) => {
    const following = word === 'followed';
    queryClient.setQueryData<PublicProfile>(profileKeys.bySlug(slug), (profile) => {
      if (!profile || profile.isFollowing === following) return profile;
      const followers = Math.max(0, profile.followers + (following ? 1 : -1));
      return { ...profile, isFollowing: following, followers };
    });
    void queryClient.invalidateQueries({ queryKey: profileKeys.bySlug(slug) });
    void queryClient.invalidateQueries({ queryKey: homeKeys.all });
  };
}
