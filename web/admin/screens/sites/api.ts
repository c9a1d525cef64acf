import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  DiscountCodeCreate,
  GiftCreate,
  GiftEdit,
  PackageCreate,
  PackageEdit,
  SiteSettingsEdit,
} from '../../../../common/api/admin/sites';
import { adminSitesEndpoints } from '../../../../common/api/endpoints/admin/sites';
import { adminCall, adminKey } from '../../api';
import { useConsoleSites } from '../../components/SiteFilter';

/** The console's calls of the sites screen (common/api/endpoints/admin/sites.ts); query keys ['admin', 'sites', …]. */
const keys = {
  sites: adminKey('sites'),
  site: (id: number) => adminKey('sites', id, 'settings'),
  packages: (id: number) => adminKey('sites', id, 'packages'),
  codes: (id: number) => adminKey('sites', id, 'codes'),
  gifts: adminKey('sites', 'gifts'),
};

/** The sites list is the one every console screen's site filter reads. */
export const useAdminSites = useConsoleSites;

export function useAdminSite(id: number) {
  return useQuery({
    queryKey: keys.site(id),
    queryFn: () => adminCall(adminSitesEndpoints.site, { query: { id } }),
  });
}

export function useSaveSettings(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (settings: SiteSettingsEdit) =>
      adminCall(adminSitesEndpoints.saveSite, { query: { id }, body: settings }),
    onSuccess: (answer) => {
      client.setQueryData(keys.site(id), answer);
      // The picker shows names and countries.
      void client.invalidateQueries({ queryKey: keys.sites, exact: true });
    },
  });
}

export function usePackages(siteId: number) {
  return useQuery({
    queryKey: keys.packages(siteId),
    queryFn: () => adminCall(adminSitesEndpoints.packages, { query: { site_id: siteId } }),
  });
}

export function useCreatePackage(siteId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: PackageCreate) => adminCall(adminSitesEndpoints.createPackage, { body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.packages(siteId) }),
  });
}

export function useEditPackage(siteId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; edit: PackageEdit }) =>
      adminCall(adminSitesEndpoints.editPackage, { query: { id: input.id }, body: input.edit }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.packages(siteId) }),
  });
}

export function useDeletePackage(siteId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => adminCall(adminSitesEndpoints.deletePackage, { query: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.packages(siteId) }),
  });
}

export function useDiscountCodes(siteId: number) {
  return useQuery({
    queryKey: keys.codes(siteId),
    queryFn: () => adminCall(adminSitesEndpoints.discountCodes, { query: { site_id: siteId } }),
  });
}

export function useCreateDiscountCode(siteId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: DiscountCodeCreate) =>
      adminCall(adminSitesEndpoints.createDiscountCode, { body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.codes(siteId) }),
  });
}

export function useSetCodeStatus(siteId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; status: 'active' | 'inactive' }) =>
      adminCall(adminSitesEndpoints.editDiscountCode, {
        query: { id: input.id },
        body: { status: input.status },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.codes(siteId) }),
  });
}

export function useAdminGifts() {
  return useQuery({ queryKey: keys.gifts, queryFn: () => adminCall(adminSitesEndpoints.gifts) });
}

export function useCreateGift() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: GiftCreate) => adminCall(adminSitesEndpoints.createGift, { body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.gifts }),
  });
}

export function useEditGift() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; edit: GiftEdit }) =>
      adminCall(adminSitesEndpoints.editGift, { query: { id: input.id }, body: input.edit }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.gifts }),
  });
}
