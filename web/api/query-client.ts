import { QueryClient } from '@tanstack/react-query';
import { onAuthenticationRequired, retryDelay, shouldRetry } from './client';
import { userKey } from './user';

export function createQueryClient(): QueryClient {
  const client = new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, retryDelay, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
  // A 403 authentication_required from any endpoint but the user endpoint logs out.
  onAuthenticationRequired(() => {
    client.setQueryData(userKey, { user: null });
    void client.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'settings' });
  });
  return client;
}
