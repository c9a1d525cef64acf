import { useMutation, useQuery } from '@tanstack/react-query';
import type { ComplaintRequest } from '../../common/api/complaints';
import { complaintsEndpoints } from '../../common/api/endpoints/complaints';
import { call } from './client';

/**
 * The logged-in member's name and address, which their complaint is filed under. Asked only for a
 * member (`memberId`), and keyed by them, so another login in the same tab never sees the last one's.
 */
export const useComplainant = (memberId: number | null) =>
  useQuery({
    queryKey: ['complainant', memberId],
    queryFn: () => call(complaintsEndpoints.complainant),
    enabled: memberId !== null,
    select: (d) => d.member,
    staleTime: 5 * 60_000,
  });

/** Files a complaint. Like every mutation it is not retried, so a flaky connection cannot file it twice. */
export const useFileComplaint = () =>
  useMutation({
    mutationFn: (body: ComplaintRequest) => call(complaintsEndpoints.file, { body }),
  });
