import type { CurrentUser, UpdateProfileBody } from '@glimpse/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api.ts';
import { sharedQueryRoots } from '../../lib/query-policy.ts';
import { authKeys } from '../auth/index.ts';

export const profileKeys = {
  all: sharedQueryRoots.profiles,
  bySlug: (slug: string) => [...profileKeys.all, 'slug', slug] as const,
};

export function usePublicProfile(slug: string) {
  return useQuery({
    queryKey: profileKeys.bySlug(slug),
    queryFn: () => call('profileBySlug', { params: { slug } }),
    enabled: slug.length > 0,
  });
}

/** Both writes answer with the updated user; cache it, then refetch so derived data agrees. */
function useUserWrite<TInput>(mutationFn: (input: TInput) => Promise<CurrentUser>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (user) => {
      queryClient.setQueryData(authKeys.me, user);
      await queryClient.invalidateQueries({ queryKey: authKeys.me });
      await queryClient.invalidateQueries({ queryKey: profileKeys.all });
    },
  });
}

export function useUpdateProfile() {
  return useUserWrite((body: UpdateProfileBody) => call('updateProfile', { body }));
}

export function useUploadAvatar() {
  return useUserWrite((file: File) => {
    const form = new FormData();
    form.append('file', file);
    return call('uploadAvatar', { body: form });
  });
}
