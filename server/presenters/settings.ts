import type { SiteSettings } from '../../common/api/settings';
import type { Site } from '../services/sites';

export function presentSettings(
  site: Site,
  geoipCountry: string | null,
  selectedCountry: string,
): SiteSettings {
  return {
    ...site.settings,
    geoip_country: geoipCountry,
    geoip_selected_country: selectedCountry,
    // The push issue fills this from the VAPID keys; until then there is no push key to offer.
    push_public_key: null,
  };
}
