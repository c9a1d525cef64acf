import { useQuery } from '@tanstack/react-query';
import { memberEndpoints } from '../../../common/api/endpoints/member';
import type { MemberProfile } from '../../../common/api/member';
import { ApiError, call } from '../../api/client';
import { readTracking } from '../../state/tracking';

/**
 * What a member landing knows of its member: the profile as this visitor may see it, `hidden`
 * where the site shows profiles to members only (403 authentication_required), `missing` for an
 * unknown, deleted or invisible member (404).
 */
export type LandingMember =
  | { state: 'loading' }
  | { state: 'shown'; profile: MemberProfile }
  | { state: 'hidden' }
  | { state: 'missing' }
  | { state: 'failed'; error: unknown };

/**
 * GET /api/member.php for a landing, with the tracking network the visitor came with (a network's
 * own rule may show profiles that plain visitors do not see). Its own small hook, not
 * web/api/member.ts: that one brings the likes and account code of the members area along.
 */
export function useLandingMember(id: number, enabled: boolean): LandingMember {
  const network = readTracking().network ?? null;
  const query = useQuery({
    // The network is part of the key: the server draws landings with the same key (server/infra/ssr/ssr.ts).
    queryKey: ['member-landing', id, network] as const,
    queryFn: async () => {
      const { profile } = await call(memberEndpoints.get, { query: { id, network: network ?? undefined } });
      return profile;
    },
    enabled: enabled && id > 0,
  });
  if (query.data) return { state: 'shown', profile: query.data };
  const error = query.error;
  if (error instanceof ApiError && (error.status === 404 || error.status === 400))
    return { state: 'missing' };
  if (error instanceof ApiError && error.code === 'authentication_required') return { state: 'hidden' };
  if (error) return { state: 'failed', error };
  return { state: 'loading' };
}
