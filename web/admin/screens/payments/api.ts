import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AddDirectDebitBlockRequest,
  RemoveDirectDebitBlockRequest,
} from '../../../../common/api/admin/direct-debit';
import { adminDirectDebitEndpoints } from '../../../../common/api/endpoints/admin/direct-debit';
import { adminCall, adminKey } from '../../api';

/** The payments section's calls (common/api/endpoints/admin/direct-debit.ts). */
const blocksKey = adminKey('direct-debit-blocks');

export function useDirectDebitBlocks() {
  return useQuery({
    queryKey: blocksKey,
    queryFn: () => adminCall(adminDirectDebitEndpoints.list),
  });
}

/** After a change the list is read again (a chargeback may have added one meanwhile). */
function useBlockChange<T, R>(send: (body: T) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => client.invalidateQueries({ queryKey: blocksKey }),
  });
}

export const useAddBlock = () =>
  useBlockChange((body: AddDirectDebitBlockRequest) => adminCall(adminDirectDebitEndpoints.add, { body }));

export const useRemoveBlock = () =>
  useBlockChange((body: RemoveDirectDebitBlockRequest) =>
    adminCall(adminDirectDebitEndpoints.remove, { body }),
  );
