import type { OwnProfile } from '../../../common/api/profile-edit';
import type { SearchFilters } from '../../../common/api/search';
import type { SiteSettings } from '../../../common/api/settings';
import { MAX_AGE, MIN_AGE, SEARCH_START_AGE_MARGIN } from '../../../common/constants';

type Preferences = Pick<OwnProfile, 'seeking_gender' | 'seeking_min_age' | 'seeking_max_age' | 'country'>;

/**
 * Where the search starts: whom the member seeks, in their whole country (not only their region),
 * at the ages they seek widened by SEARCH_START_AGE_MARGIN on each side, so that the first search
 * shows people; the member narrows it from there. A visitor, or a member whose profile could not be
 * read, starts from the country the site selected for them.
 */
export function prefillFilters(own: Preferences | undefined, settings: SiteSettings): SearchFilters {
  const ownCountry = own && settings.countries.includes(own.country) ? own.country : undefined;
  const country = ownCountry ?? settings.geoip_selected_country;
  const a = own?.seeking_min_age ?? undefined;
  const b = own?.seeking_max_age ?? undefined;
  const ordered = a === undefined || b === undefined || a <= b;
  const min = ordered ? a : b;
  const max = ordered ? b : a;
  return {
    gender: own?.seeking_gender ?? undefined,
    country,
    min_age: min === undefined ? undefined : Math.max(MIN_AGE, min - SEARCH_START_AGE_MARGIN),
    max_age: max === undefined ? undefined : Math.min(MAX_AGE, max + SEARCH_START_AGE_MARGIN),
  };
}
