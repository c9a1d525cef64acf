import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { adminSitesEndpoints } from '../../../common/api/endpoints/admin/sites';
import { adminCall, adminKey } from '../api';

/** The sites the console serves (every screen's site filter and the sites screen share one answer). */
export function useConsoleSites() {
  return useQuery({
    queryKey: adminKey('sites'),
    queryFn: () => adminCall(adminSitesEndpoints.sites),
    staleTime: 5 * 60_000,
  });
}

/** A labelled site picker with "all sites" first; `null` is all sites. */
export function SiteFilter(props: {
  id: string;
  value: number | null;
  onChange: (site: number | null) => void;
  /** The small control of a filter row (the members search uses the normal size). */
  small?: boolean;
}) {
  const { t } = useTranslation('admin');
  const sites = useConsoleSites();
  return (
    <div>
      <label className="form-label" htmlFor={props.id}>
        {t('common.site')}
      </label>
      <select
        id={props.id}
        name="site"
        className={props.small === false ? 'form-select' : 'form-select form-select-sm'}
        value={props.value ?? ''}
        onChange={(e) => props.onChange(Number(e.target.value) || null)}
      >
        <option value="">{t('common.allSites')}</option>
        {sites.data?.sites.map((s) => (
          <option key={s.id} value={s.id}>
            {s.name} ({s.domain})
          </option>
        ))}
      </select>
    </div>
  );
}
