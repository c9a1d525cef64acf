import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PhotoReviewRequest, ReportDecisionRequest } from '../../../../common/api/admin/moderation';
import { adminModerationEndpoints } from '../../../../common/api/endpoints/admin/moderation';
import type { ReportReason, ReportStatus } from '../../../../common/api/reports';
import { adminCall, adminKey } from '../../api';

/** The moderation screens' calls (common/api/endpoints/admin/moderation.ts); query keys ['admin', 'moderation', …]. */
const keys = {
  all: adminKey('moderation'),
  photos: (site: number | null) => adminKey('moderation', 'photos', site),
  reports: (filter: ReportFilter) => adminKey('moderation', 'reports', filter),
  report: (id: number) => adminKey('moderation', 'report', id),
};

export type ReportFilter = { status: ReportStatus; site: number | null; reason: ReportReason | null };

export function usePhotoQueue(site: number | null) {
  return useInfiniteQuery({
    queryKey: keys.photos(site),
    queryFn: ({ pageParam }) =>
      adminCall(adminModerationEndpoints.photos, {
        query: { site_id: site ?? undefined, cursor: pageParam ?? undefined },
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });
}

/** Approve or reject; the queue is read again after, so a photo decided leaves it. */
export function useReviewPhoto() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PhotoReviewRequest) => adminCall(adminModerationEndpoints.reviewPhoto, { body }),
    onSettled: () => client.invalidateQueries({ queryKey: adminKey('moderation', 'photos') }),
  });
}

export function useReportList(filter: ReportFilter) {
  return useInfiniteQuery({
    queryKey: keys.reports(filter),
    queryFn: ({ pageParam }) =>
      adminCall(adminModerationEndpoints.reports, {
        query: {
          status: filter.status,
          site_id: filter.site ?? undefined,
          reason: filter.reason ?? undefined,
          cursor: pageParam ?? undefined,
        },
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });
}

export function useReport(id: number) {
  return useQuery({
    queryKey: keys.report(id),
    queryFn: () => adminCall(adminModerationEndpoints.report, { query: { id } }),
    enabled: id > 0,
  });
}

/** A decision changes the report, the others decided with it, the lists and the member's record. */
export function useDecideReport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ReportDecisionRequest) => adminCall(adminModerationEndpoints.decide, { body }),
    onSuccess: async (answer) => {
      await client.invalidateQueries({ queryKey: keys.all });
      if (answer.member) await client.invalidateQueries({ queryKey: adminKey('members', answer.member.id) });
    },
  });
}
