import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ComplaintResponse,
  ComplaintStatus,
  ComplaintUpdateRequest,
} from '../../../../common/api/admin/complaints';
import { adminComplaintsEndpoints } from '../../../../common/api/endpoints/admin/complaints';
import { adminCall, adminKey } from '../../api';

/** The complaints screen's calls (common/api/endpoints/admin/complaints.ts); query keys ['admin', 'complaints', …]. */
const keys = {
  all: adminKey('complaints'),
  list: (site: number | null, status: ComplaintStatus | null) => adminKey('complaints', 'list', site, status),
  one: (id: number) => adminKey('complaints', id),
};

export function useComplaints(site: number | null, status: ComplaintStatus | null) {
  return useInfiniteQuery({
    queryKey: keys.list(site, status),
    queryFn: ({ pageParam }) =>
      adminCall(adminComplaintsEndpoints.list, {
        query: { site_id: site ?? undefined, status: status ?? undefined, cursor: pageParam ?? undefined },
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });
}

export function useComplaint(id: number) {
  return useQuery({
    queryKey: keys.one(id),
    queryFn: () => adminCall(adminComplaintsEndpoints.one, { query: { id } }),
    enabled: id > 0,
  });
}

/** After a change the complaint shows the server's answer, and the lists are read again. */
function useComplaintChange<T>(send: (input: T) => Promise<ComplaintResponse>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (answer) => {
      client.setQueryData(keys.one(answer.complaint.id), answer);
      void client.invalidateQueries({ queryKey: [...keys.all, 'list'] });
    },
  });
}

export function useChangeStatus() {
  return useComplaintChange((body: ComplaintUpdateRequest) =>
    adminCall(adminComplaintsEndpoints.changeStatus, { body }),
  );
}

export function useResendMail() {
  return useComplaintChange((id: number) => adminCall(adminComplaintsEndpoints.resendMail, { body: { id } }));
}
