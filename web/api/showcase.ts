import { useQuery } from '@tanstack/react-query';
import type { ShowcaseResponse } from '../../common/api/showcase';
import { readTracking } from '../state/tracking';
import { apiFetch, withQuery } from './client';

export function useShowcase() {
  const network = readTracking().network;
  return useQuery({
    queryKey: ['showcase', network ?? null],
    queryFn: () => apiFetch<ShowcaseResponse>(withQuery('/api/showcase.php', { network })),
    staleTime: 60_000,
  });
}
