import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ComplaintResponse,
  ComplaintStatus,
  ComplaintsResponse,
  ComplaintUpdateRequest,
} from '../../../../common/api/admin/complaints';
import { adminGet, adminKey, adminSend } from '../../api';

/** The complaints screen's calls (common/api/admin/complaints.ts); query keys ['admin', 'complaints', …]. */
const keys = {
  all: adminKey('complaints'),
  list: (site: number | null, status: ComplaintStatus | null) => adminKey('complaints', 'list', site, status),
  one: (id: number) => adminKey('complaints', id),
};

export function useComplaints(site: number | null, status: ComplaintStatus | null) {
  return useInfiniteQuery({
    queryKey: keys.list(site, status),
    queryFn: ({ pageParam }) =>
      adminGet<ComplaintsResponse>('complaints.php', { site_id: site, status, cursor: pageParam }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });
}

export function useComplaint(id: number) {
  return useQuery({
    queryKey: keys.one(id),
    queryFn: () => adminGet<ComplaintResponse>('complaint.php', { id }),
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
    adminSend<ComplaintResponse>('PATCH', 'complaint.php', body),
  );
}

export function useResendMail() {
  return useComplaintChange((id: number) =>
    adminSend<ComplaintResponse>('POST', 'complaint-mail.php', { id }),
  );
}
