import { QueryClient } from '@tanstack/react-query';
import { expect, test } from 'vitest';
import type { UserResponse } from '../../common/api/user';
import { setLoginState } from './auth';
import { userKey } from './user';

const member = { status: 'active', credits: 3 } as unknown as NonNullable<UserResponse['user']>;

test('a user refetch sent before the login cookie existed does not undo the login when it answers late', async () => {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData<UserResponse>(userKey, { user: null });
  let answer: (value: UserResponse) => void = () => {};
  // The timer's refetch, still on its way as a visitor's request.
  const refetch = client
    .fetchQuery({
      queryKey: userKey,
      queryFn: () => new Promise<UserResponse>((resolve) => (answer = resolve)),
      staleTime: 0,
    })
    .catch(() => undefined);
  setLoginState(client, member);
  answer({ user: null });
  await refetch;
  await new Promise((r) => setTimeout(r, 0));
  expect(client.getQueryData<UserResponse>(userKey)).toEqual({ user: member });
});
