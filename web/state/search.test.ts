import { describe, expect, it } from 'vitest';
import { filtersFromQuery, queryOfFilters } from './search';

describe('the search filters in the address', () => {
  it('go there and back unchanged', () => {
    const filters = {
      gender: 'female',
      country: 'NL',
      countryregion: 'NL-UT',
      min_age: 25,
      max_age: 40,
    } as const;
    const query = queryOfFilters(filters);
    expect(query).toBe('?gender=female&country=NL&countryregion=NL-UT&min_age=25&max_age=40');
    expect(filtersFromQuery(new URLSearchParams(query))).toEqual(filters);
  });

  it('leave out what the server would refuse; none at all is null', () => {
    expect(
      filtersFromQuery(
        new URLSearchParams('gender=robot&country=nl&countryregion=NL-UT&min_age=40&max_age=30'),
      ),
    ).toEqual({ min_age: 40 });
    expect(filtersFromQuery(new URLSearchParams('min_age=12&max_age=200'))).toBeNull();
    expect(filtersFromQuery(new URLSearchParams(''))).toBeNull();
    expect(queryOfFilters({})).toBe('');
  });
});
