import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreditAdjustmentRequest,
  EndSessionsRequest,
  FictionalRequest,
  LedgerEntry,
  MemberLedgerResponse,
  MemberRecordResponse,
  MemberSearchField,
  MemberSearchResponse,
  RefundRequest,
  RefundResponse,
  SanctionRequest,
} from '../../../../common/api/admin/members';
import { adminGet, adminKey, adminSend } from '../../api';

/** The members screen's calls (common/api/admin/members.ts); query keys ['admin', 'members', …]. */
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
      adminGet<MemberSearchResponse>('members.php', { q, by, site_id: site, cursor: pageParam }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    enabled: q.trim().length > 0,
  });
}

export function useMemberRecord(id: number) {
  return useQuery({
    queryKey: keys.record(id),
    queryFn: () => adminGet<MemberRecordResponse>('member.php', { id }),
    enabled: id > 0,
  });
}

export function useMemberLedger(id: number) {
  return useInfiniteQuery({
    queryKey: keys.ledger(id),
    queryFn: ({ pageParam }) =>
      adminGet<MemberLedgerResponse>('member-ledger.php', { id, cursor: pageParam }),
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
      adminSend<{ credits: number; entry: LedgerEntry }>('POST', 'member-credits.php', {
        ...body,
        member_id: id,
      }),
    onSuccess: refresh,
  });
}

export function useRefund(id: number) {
  const refresh = useRefresh(id);
  return useMutation({
    mutationFn: (body: RefundRequest) => adminSend<RefundResponse>('POST', 'member-refund.php', body),
    onSuccess: refresh,
  });
}

export function useSetFictional(id: number) {
  const refresh = useRefresh(id);
  return useMutation({
    mutationFn: (body: Omit<FictionalRequest, 'member_id'>) =>
      adminSend<{ fictional: boolean }>('PUT', 'member-fictional.php', { ...body, member_id: id }),
    onSuccess: refresh,
  });
}

export function useEndSessions(id: number) {
  const refresh = useRefresh(id);
  return useMutation({
    mutationFn: (body: Omit<EndSessionsRequest, 'member_id'>) =>
      adminSend<{ ended: number }>('DELETE', 'member-sessions.php', { ...body, member_id: id }),
    onSuccess: refresh,
  });
}

export function useSanction(id: number) {
  const refresh = useRefresh(id);
  return useMutation({
    mutationFn: (body: Omit<SanctionRequest, 'member_id'>) =>
      adminSend<{ status: string; suspended_until: string | null }>('POST', 'member-sanction.php', {
        ...body,
        member_id: id,
      }),
    onSuccess: refresh,
  });
}
