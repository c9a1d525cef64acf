import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { noticesEndpoints } from '../../common/api/endpoints/notices';
import { reportsEndpoints } from '../../common/api/endpoints/reports';
import type { NoticesResponse, ReportForm } from '../../common/api/reports';
import type { UserResponse } from '../../common/api/user';
import { call } from './client';
import { userKey } from './user';

export const myReportsKey = ['reports', 'mine'] as const;
export const noticesKey = ['notices'] as const;

/** Files a report (never retried: a flaky connection must not file it twice). */
export function useFileReport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ReportForm) => call(reportsEndpoints.file, { body }),
    onSuccess: () => void client.invalidateQueries({ queryKey: myReportsKey }),
  });
}

/** "My reports": the member's reports, newest first, a page at a time. */
export const useMyReports = (enabled: boolean) =>
  useInfiniteQuery({
    queryKey: myReportsKey,
    queryFn: ({ pageParam, signal }) =>
      call(reportsEndpoints.mine, { query: { cursor: pageParam } }, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    enabled,
  });

/** The notices of moderators' decisions about the member. */
export const useNotices = (enabled: boolean) =>
  useQuery({
    queryKey: noticesKey,
    queryFn: ({ signal }) => call(noticesEndpoints.list, {}, { signal }),
    enabled,
  });

/**
 * Marks every notice read; the notices and the user's unread count (the member pages' alert)
 * follow at once.
 */
export function useMarkNoticesRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(noticesEndpoints.markRead, { body: {} }),
    onSuccess: ({ unread }) => {
      client.setQueryData<NoticesResponse>(noticesKey, (d) =>
        d ? { unread, notices: d.notices.map((n) => ({ ...n, read: true })) } : d,
      );
      client.setQueryData<UserResponse>(userKey, (d) =>
        d?.user ? { user: { ...d.user, unread_notices: unread } } : d,
      );
    },
  });
}
