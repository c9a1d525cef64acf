import { useMutation, useQuery } from '@tanstack/react-query';
import type { ComplainantResponse, ComplaintRequest, ComplaintResponse } from '../../common/api/complaints';
import { apiFetch } from './client';

const COMPLAINTS = '/api/complaints.php';

/**
 * The logged-in member's name and address, which their complaint is filed under. Asked only for a
 * member (`memberId`), and keyed by them, so another login in the same tab never sees the last one's.
 */
export const useComplainant = (memberId: number | null) =>
  useQuery({
    queryKey: ['complainant', memberId],
    queryFn: () => apiFetch<ComplainantResponse>(COMPLAINTS),
    enabled: memberId !== null,
    select: (d) => d.member,
    staleTime: 5 * 60_000,
  });

/** Files a complaint. Like every mutation it is not retried, so a flaky connection cannot file it twice. */
export const useFileComplaint = () =>
  useMutation({
    mutationFn: (body: ComplaintRequest) =>
      apiFetch<ComplaintResponse>(COMPLAINTS, { method: 'POST', json: body }),
  });
