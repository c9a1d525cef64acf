import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { FiguresQuery } from '../../../../common/api/admin/figures';
import { adminFiguresEndpoints } from '../../../../common/api/endpoints/admin/figures';
import { adminCall, adminKey } from '../../api';

/** The figures screen's calls (common/api/endpoints/admin/figures.ts); query keys ['admin', 'figures', …]. */

type Scope = Required<Pick<FiguresQuery, 'from' | 'to'>> & { site_id: number | null };

const query = ({ site_id, ...range }: Scope) => ({ ...range, site_id: site_id ?? undefined });

// While a new range loads, the charts keep showing the last one rather than blanking out.
export function useFigures(scope: Scope, enabled: boolean) {
  return useQuery({
    queryKey: adminKey('figures', scope),
    queryFn: () => adminCall(adminFiguresEndpoints.figures, { query: query(scope) }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Money per currency and day: the admin's only (the server answers 403 to the other roles). */
export function useRevenue(scope: Scope, enabled: boolean) {
  return useQuery({
    queryKey: adminKey('figures', 'revenue', scope),
    queryFn: () => adminCall(adminFiguresEndpoints.revenue, { query: query(scope) }),
    placeholderData: keepPreviousData,
    enabled,
  });
}
