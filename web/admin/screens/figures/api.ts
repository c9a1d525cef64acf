import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Figures, FiguresQuery, Revenue } from '../../../../common/api/admin/figures';
import { adminGet, adminKey } from '../../api';

/** The figures screen's calls (common/api/admin/figures.ts); query keys ['admin', 'figures', …]. */

type Scope = Required<Pick<FiguresQuery, 'from' | 'to'>> & { site_id: number | null };

// While a new range loads, the charts keep showing the last one rather than blanking out.
export function useFigures(scope: Scope, enabled: boolean) {
  return useQuery({
    queryKey: adminKey('figures', scope),
    queryFn: () => adminGet<{ figures: Figures }>('figures.php', scope),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Money per currency and day: the admin's only (the server answers 403 to the other roles). */
export function useRevenue(scope: Scope, enabled: boolean) {
  return useQuery({
    queryKey: adminKey('figures', 'revenue', scope),
    queryFn: () => adminGet<{ revenue: Revenue }>('revenue.php', scope),
    placeholderData: keepPreviousData,
    enabled,
  });
}
