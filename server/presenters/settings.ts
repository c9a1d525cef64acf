import type { SiteSettings } from '../../common/api/settings';
import type { Site } from '../services/sites/sites';

export function presentSettings(
  site: Site,
  geoipCountry: string | null,
  selectedCountry: string,
  pushPublicKey: string,
): SiteSettings {
  return {
    ...site.settings,
    geoip_country: geoipCountry,
    geoip_selected_country: selectedCountry,
    // The key browsers subscribe with (VAPID, RFC 8292): the same for every site of the server.
    push_public_key: pushPublicKey,
  };
}
