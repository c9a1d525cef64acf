import type { OwnProfile } from '../../../common/api/profile-edit';
import type { SearchFilters } from '../../../common/api/search';
import type { SiteSettings } from '../../../common/api/settings';

type Preferences = Pick<
  OwnProfile,
  'seeking_gender' | 'seeking_min_age' | 'seeking_max_age' | 'country' | 'region'
>;

/**
 * Where the search starts: whom the member seeks, at what ages, in their own
 * country and region. A visitor, or a member whose profile could not be read, starts from the
 * country the site selected for them.
 */
export function prefillFilters(own: Preferences | undefined, settings: SiteSettings): SearchFilters {
  const ownCountry = own && settings.countries.includes(own.country) ? own.country : undefined;
  const country = ownCountry ?? settings.geoip_selected_country;
  const min = own?.seeking_min_age ?? undefined;
  const max = own?.seeking_max_age ?? undefined;
  const ordered = min === undefined || max === undefined || min <= max;
  return {
    gender: own?.seeking_gender ?? undefined,
    country,
    countryregion: ownCountry ? (own?.region ?? undefined) : undefined,
    min_age: ordered ? min : max,
    max_age: ordered ? max : min,
  };
}
