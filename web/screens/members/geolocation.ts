import { useCallback, useEffect, useState } from 'react';
import type { GeocodeResponse } from '../../../common/api/search';
import { fetchGeocode } from '../../api/search';
import { type GeoPermission, getSearchState, updateSearchState, useSearchState } from '../../state/search';

/**
 * Two decimals (about a kilometre) is all a region needs; the precise position never leaves the
 * browser, and even this rounded one is only sent, never kept.
 */
const roundCoordinate = (value: number) => Math.round(value * 100) / 100;

function supported(): boolean {
  return typeof navigator !== 'undefined' && 'geolocation' in navigator;
}

/**
 * The geolocation permission: unsupported, unknown (no Permissions API), or the
 * browser's own state, kept up to date when the member changes it in the browser.
 */
export function useGeoPermission(): GeoPermission {
  const { geoPermission } = useSearchState();
  useEffect(() => {
    if (!supported()) {
      updateSearchState({ geoPermission: 'unsupported' });
      return;
    }
    let status: PermissionStatus | null = null;
    let cancelled = false;
    const update = () => {
      if (status) updateSearchState({ geoPermission: status.state });
    };
    navigator.permissions
      ?.query({ name: 'geolocation' })
      .then((s) => {
        if (cancelled) return;
        status = s;
        update();
        s.addEventListener('change', update);
      })
      .catch(() => updateSearchState({ geoPermission: 'unknown' }));
    return () => {
      cancelled = true;
      status?.removeEventListener('change', update);
    };
  }, []);
  return geoPermission;
}

function currentPosition(): Promise<GeolocationPosition> {
  return new Promise((resolve, reject) =>
    navigator.geolocation.getCurrentPosition(resolve, reject, {
      enableHighAccuracy: false,
      maximumAge: 10 * 60_000,
      timeout: 15_000,
    }),
  );
}

/**
 * Asks the browser where the member is, then the server which country and region that is. The
 * answer (or false when either step failed) lands in the search state; `onFound` gets it.
 */
export function useLocate(onFound: (place: GeocodeResponse) => void) {
  const [busy, setBusy] = useState(false);
  const locate = useCallback(async () => {
    setBusy(true);
    try {
      const { coords } = await currentPosition();
      const place = await fetchGeocode(roundCoordinate(coords.latitude), roundCoordinate(coords.longitude));
      updateSearchState({ geocode: place });
      onFound(place);
    } catch (err) {
      updateSearchState({ geocode: false });
      // A refusal in the prompt is a permission change the Permissions API may not report at once.
      if ((err as GeolocationPositionError)?.code === 1 && getSearchState().geoPermission !== 'unsupported')
        updateSearchState({ geoPermission: 'denied' });
    } finally {
      setBusy(false);
    }
  }, [onFound]);
  return { locate, busy };
}
