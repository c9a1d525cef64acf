import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreditAdjustmentRequest,
  EndSessionsRequest,
  FictionalRequest,
  MemberSearchField,
  RefundRequest,
  SanctionRequest,
} from '../../../../common/api/admin/members';
import { adminMembersEndpoints } from '../../../../common/api/endpoints/admin/members';
import { adminCall, adminKey } from '../../api';

/** The members screen's calls (common/api/endpoints/admin/members.ts); query keys ['admin', 'members', …]. */
const keys = {
  search: (q: string, by: MemberSearchField, site: number | null) =>
    adminKey('members', 'search', q, by, site),
  record: (id: number) => adminKey('members', id, 'record'),
  ledger: (id: number) => adminKey('members', id, 'ledger'),
  member: (id: number) => adminKey('members', id),
};

export function useMemberSearch(q: string, by: MemberSearchField, site: number | null) {
  return useInfiniteQuery({
    queryKey: keys.search(q, by, site),
    queryFn: ({ pageParam }) =>
      adminCall(adminMembersEndpoints.search, {
        query: { q, by, site_id: site ?? undefined, cursor: pageParam ?? undefined },
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    enabled: q.trim().length > 0,
  });
}

export function useMemberRecord(id: number) {
  return useQuery({
    queryKey: keys.record(id),
    queryFn: () => adminCall(adminMembersEndpoints.record, { query: { id } }),
    enabled: id > 0,
  });
}

export function useMemberLedger(id: number) {
  return useInfiniteQuery({
    queryKey: keys.ledger(id),
    queryFn: ({ pageParam }) =>
      adminCall(adminMembersEndpoints.ledger, { query: { id, cursor: pageParam ?? undefined } }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });
}

/** After any change to a member, their record and ledger are read again (and search rows). */
function useRefresh(id: number) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: keys.member(id) });
}

export function useAdjustCredits(id: number) {
  const refresh = useRefresh(id);
  return useMutation({
    mutationFn: (body: Omit<CreditAdjustmentRequest, 'member_id'>) =>
      adminCall(adminMembersEndpoints.adjustCredits, { body: { ...body, member_id: id } }),
    onSuccess: refresh,
  });
}

export function useRefund(id: number) {
  const refresh = useRefresh(id);
  return useMutation({
    mutationFn: (body: RefundRequest) => adminCall(adminMembersEndpoints.refund, { body }),
    onSuccess: refresh,
  });
}

export function useSetFictional(id: number) {
  const refresh = useRefresh(id);
  return useMutation({
    mutationFn: (body: Omit<FictionalRequest, 'member_id'>) =>
      adminCall(adminMembersEndpoints.setFictional, { body: { ...body, member_id: id } }),
    onSuccess: refresh,
  });
}

export function useEndSessions(id: number) {
  const refresh = useRefresh(id);
  return useMutation({
    mutationFn: (body: Omit<EndSessionsRequest, 'member_id'>) =>
      adminCall(adminMembersEndpoints.endSessions, { body: { ...body, member_id: id } }),
    onSuccess: refresh,
  });
}

export function useSanction(id: number) {
  const refresh = useRefresh(id);
  return useMutation({
    mutationFn: (body: Omit<SanctionRequest, 'member_id'>) =>
      adminCall(adminMembersEndpoints.sanction, { body: { ...body, member_id: id } }),
    onSuccess: refresh,
  });
}
