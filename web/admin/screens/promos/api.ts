import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FiguresQuery } from '../../../../common/api/admin/figures';
import type { PromoCreateInput, PromoEditInput } from '../../../../common/api/admin/promos';
import { adminPromosEndpoints } from '../../../../common/api/endpoints/admin/promos';
import { adminCall, adminKey } from '../../api';

/** The promos screen's calls (common/api/endpoints/admin/promos.ts); query keys ['admin', 'promos', …]. */
const keys = {
  list: (siteId: number) => adminKey('promos', siteId, 'list'),
  domains: (siteId: number) => adminKey('promos', siteId, 'domains'),
  clicks: (scope: unknown) => adminKey('promos', 'clicks', scope),
};

export function usePromoList(siteId: number) {
  return useQuery({
    queryKey: keys.list(siteId),
    queryFn: () => adminCall(adminPromosEndpoints.list, { query: { site_id: siteId } }),
  });
}

function useInvalidateList(siteId: number) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: keys.list(siteId) });
}

export function useCreatePromo(siteId: number) {
  const invalidate = useInvalidateList(siteId);
  return useMutation({
    mutationFn: (body: PromoCreateInput) => adminCall(adminPromosEndpoints.create, { body }),
    onSuccess: invalidate,
  });
}

export function useEditPromo(siteId: number) {
  const invalidate = useInvalidateList(siteId);
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: PromoEditInput }) =>
      adminCall(adminPromosEndpoints.edit, { query: { id }, body }),
    onSuccess: invalidate,
  });
}

export function useDeletePromo(siteId: number) {
  const invalidate = useInvalidateList(siteId);
  return useMutation({
    mutationFn: (id: number) => adminCall(adminPromosEndpoints.remove, { query: { id } }),
    onSuccess: invalidate,
  });
}

export function useUploadPromoPicture(siteId: number) {
  const invalidate = useInvalidateList(siteId);
  return useMutation({
    mutationFn: ({ id, file }: { id: number; file: File }) => {
      const form = new FormData();
      form.append('picture', file);
      // The body is the multipart form, not JSON.
      return adminCall(adminPromosEndpoints.picture, { query: { id } }, { body: form });
    },
    onSuccess: invalidate,
  });
}

export function usePromoDomains(siteId: number) {
  return useQuery({
    queryKey: keys.domains(siteId),
    queryFn: () => adminCall(adminPromosEndpoints.domains, { query: { site_id: siteId } }),
  });
}

export function useSavePromoDomains(siteId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (domains: string[]) =>
      adminCall(adminPromosEndpoints.saveDomains, { query: { site_id: siteId }, body: { domains } }),
    onSuccess: (answer) => {
      client.setQueryData(keys.domains(siteId), answer);
      // A host taken off the list takes its promos off the site: their "live" changes.
      void client.invalidateQueries({ queryKey: keys.list(siteId) });
    },
  });
}

type Scope = Required<Pick<FiguresQuery, 'from' | 'to'>> & { site_id: number | null };

/** Clicks through promos in the figures' range and site. */
export function usePromoClicks({ site_id, ...range }: Scope, enabled: boolean) {
  return useQuery({
    queryKey: keys.clicks({ site_id, ...range }),
    queryFn: () =>
      adminCall(adminPromosEndpoints.clicks, { query: { ...range, site_id: site_id ?? undefined } }),
    placeholderData: keepPreviousData,
    enabled,
  });
}
