import { describe, expect, it } from 'vitest';
import { authKeys, markSessionEndedOnPurpose } from '../features/auth/index.ts';
import { ApiError } from '../lib/api.ts';
import { makeUser } from '../test/fixtures.ts';
import { createQueryClient } from './query-client.ts';

const unauthenticated = () => Promise.reject(new ApiError(401, 'unauthenticated'));

describe('createQueryClient', () => {
  it('takes a 401 on any query for a session that expired: the user is signed out', async () => {
    const queryClient = createQueryClient();
    queryClient.setQueryData(authKeys.me, makeUser());
    await queryClient.fetchQuery({ queryKey: ['feed'], queryFn: unauthenticated }).catch(() => {});
    expect(queryClient.getQueryData(authKeys.me)).toBeNull();
  });

  it('keeps the user of a page that ended its session itself until the page is left', async () => {
    const queryClient = createQueryClient();
    const user = makeUser();
    queryClient.setQueryData(authKeys.me, user);
    markSessionEndedOnPurpose(queryClient);
    await queryClient.fetchQuery({ queryKey: ['feed'], queryFn: unauthenticated }).catch(() => {});
    expect(queryClient.getQueryData(authKeys.me)).toEqual(user);
  });

  it('still reports other failures as they are', async () => {
    const queryClient = createQueryClient();
    const user = makeUser();
    queryClient.setQueryData(authKeys.me, user);
    const failed = queryClient.fetchQuery({
      queryKey: ['feed'],
      queryFn: () => Promise.reject(new ApiError(403, 'forbidden')),
    });
    await expect(failed).rejects.toThrow('forbidden');
    expect(queryClient.getQueryData(authKeys.me)).toEqual(user);
  });
});
