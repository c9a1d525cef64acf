import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { GeocodeResponse } from '../../../common/api/search';
import { useRegions } from '../../api/site';
import { useSearchState } from '../../state/search';
import { useGeoPermission, useLocate } from './geolocation';

const PinIcon = () => (
  <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
    <path
      d="M12 21s-6-5.4-6-11a6 6 0 0 1 12 0c0 5.6-6 11-6 11zM12 12.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinejoin="round"
    />
  </svg>
);

/**
 * "Use my location": offered while the browser can and may locate; says what
 * it found, or that it could not. Only a country and region are ever shown, never coordinates.
 */
export function LocateControl({ onFound }: { onFound: (place: GeocodeResponse) => void }) {
  const { t, i18n } = useTranslation();
  const permission = useGeoPermission();
  const { geocode } = useSearchState();
  const { locate, busy } = useLocate(onFound);
  const regions = useRegions(geocode ? (geocode.country ?? undefined) : undefined).data;
  const place = useMemo(() => {
    const found = geocode || null;
    if (!found?.country) return null;
    const country = new Intl.DisplayNames([i18n.language], { type: 'region' }).of(found.country);
    const region = regions?.find((r) => r.country === found.country && r.code === found.countryregion);
    return region ? `${region.name}, ${country}` : country;
  }, [geocode, regions, i18n.language]);

  if (permission === 'unsupported') return null;
  return (
    <div className="search-locate">
      {permission === 'denied' ? (
        <p className="search-locate-status">{t('members.locate.denied')}</p>
      ) : (
        <button type="button" className="btn btn-link search-locate-button" onClick={locate} disabled={busy}>
          <PinIcon />
          {busy ? t('members.locate.busy') : t('members.locate.use')}
        </button>
      )}
      <p className="search-locate-status" role="status">
        {geocode === false && permission !== 'denied' && t('members.locate.failed')}
        {geocode && (place ? t('members.locate.found', { place }) : t('members.locate.outside'))}
      </p>
    </div>
  );
}
