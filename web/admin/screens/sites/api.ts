import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminDiscountCodeResponse,
  AdminDiscountCodesResponse,
  AdminGiftResponse,
  AdminGiftsResponse,
  AdminPackageResponse,
  AdminPackagesResponse,
  AdminSiteResponse,
  DiscountCodeCreate,
  GiftCreate,
  GiftEdit,
  PackageCreate,
  PackageEdit,
  SiteSettingsEdit,
} from '../../../../common/api/admin/sites';
import { adminGet, adminKey, adminSend } from '../../api';
import { useConsoleSites } from '../../components/SiteFilter';

/** The console's calls of the sites screen (common/api/admin/sites.ts); query keys ['admin', 'sites', …]. */
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
    queryFn: () => adminGet<AdminSiteResponse>('site.php', { id }),
  });
}

export function useSaveSettings(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (settings: SiteSettingsEdit) =>
      adminSend<AdminSiteResponse>('PUT', `site.php?id=${id}`, settings),
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
    queryFn: () => adminGet<AdminPackagesResponse>('packages.php', { site_id: siteId }),
  });
}

export function useCreatePackage(siteId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: PackageCreate) => adminSend<AdminPackageResponse>('POST', 'packages.php', input),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.packages(siteId) }),
  });
}

export function useEditPackage(siteId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; edit: PackageEdit }) =>
      adminSend<AdminPackageResponse>('PATCH', `packages.php?id=${input.id}`, input.edit),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.packages(siteId) }),
  });
}

export function useDeletePackage(siteId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => adminSend<{ deleted: true }>('DELETE', `packages.php?id=${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.packages(siteId) }),
  });
}

export function useDiscountCodes(siteId: number) {
  return useQuery({
    queryKey: keys.codes(siteId),
    queryFn: () => adminGet<AdminDiscountCodesResponse>('discount-codes.php', { site_id: siteId }),
  });
}

export function useCreateDiscountCode(siteId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: DiscountCodeCreate) =>
      adminSend<AdminDiscountCodeResponse>('POST', 'discount-codes.php', input),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.codes(siteId) }),
  });
}

export function useSetCodeStatus(siteId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; status: 'active' | 'inactive' }) =>
      adminSend<AdminDiscountCodeResponse>('PATCH', `discount-codes.php?id=${input.id}`, {
        status: input.status,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.codes(siteId) }),
  });
}

export function useAdminGifts() {
  return useQuery({ queryKey: keys.gifts, queryFn: () => adminGet<AdminGiftsResponse>('gifts.php') });
}

export function useCreateGift() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: GiftCreate) => adminSend<AdminGiftResponse>('POST', 'gifts.php', input),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.gifts }),
  });
}

export function useEditGift() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; edit: GiftEdit }) =>
      adminSend<AdminGiftResponse>('PATCH', `gifts.php?id=${input.id}`, input.edit),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.gifts }),
  });
}
