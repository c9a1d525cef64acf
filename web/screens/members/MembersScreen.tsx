import './members.scss';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useNavigationType } from 'react-router';
import type { SearchFilters } from '../../../common/api/search';
import { SEARCH_PAGE_SIZE } from '../../../common/constants';
import { searchKeyRoot, useOwnPreferences } from '../../api/search';
import { useSettings } from '../../api/site';
import { useUser } from '../../api/user';
import {
  filtersFromQuery,
  getSearchState,
  queryOfFilters,
  searchScroll,
  updateSearchState,
  useSearchState,
  visibleFilters,
  writeCountryCookie,
} from '../../state/search';
import { readTracking } from '../../state/tracking';
import { prefillFilters } from './prefill';
import { SearchForm } from './SearchForm';
import { Placeholders, SearchResults } from './SearchResults';
import { VisitorPrompt } from './VisitorPrompt';

/**
 * The filters live in the address (`/members?…`): a reload, a shared link, back and forward keep
 * them. An address without filters (the search in the menu, the home after login) is the start
 * made once from the member's (or visitor's) own preferences; the reset's address, without filters
 * too, is marked in its history entry as the search for everyone.
 */
function useSearchInit(): { ready: boolean; owner: number | null | undefined; filters: SearchFilters } {
  const settings = useSettings();
  const client = useQueryClient();
  const { data: user, isPending } = useUser();
  const owner = isPending ? undefined : (user?.profile.id ?? null);
  const prefs = useOwnPreferences(Boolean(user));
  const state = useSearchState();
  const location = useLocation();
  const prefsSettled = owner === null || !prefs.isPending;
  const fromAddress = useMemo(
    () => filtersFromQuery(new URLSearchParams(location.search)),
    [location.search],
  );
  const everyone = (location.state as { everyone?: boolean } | null)?.everyone === true;
  const mine = state.didInit && state.owner === owner;
  useEffect(() => {
    if (owner === undefined) return;
    if (getSearchState().owner !== owner) {
      // Results are per viewer (blocks, locked photos): none of another viewer's are kept.
      client.removeQueries({ queryKey: [searchKeyRoot] });
      updateSearchState({ owner, filters: {}, didInit: false, geocode: null });
      searchScroll.set(0);
    }
    if (getSearchState().didInit || !prefsSettled) return;
    updateSearchState({ filters: prefillFilters(prefs.data, settings), didInit: true });
  }, [owner, prefsSettled, prefs.data, settings, client]);
  // A visitor's start needs nothing but the site's settings: it is there in the first render (the
  // server draws it with its results), before the effect above has stored it.
  const visitorStart = owner === null && !mine;
  const start = visitorStart ? prefillFilters(undefined, settings) : state.filters;
  const filters = fromAddress ?? (everyone ? {} : start);
  return { ready: mine || visitorStart, owner, filters };
}

/** Keeps the scroll position of the results, and puts it back when the member comes back. */
function useScrollMemory(ready: boolean) {
  const navigationType = useNavigationType();
  useLayoutEffect(() => {
    if (!ready) return;
    const scrollY = searchScroll.get();
    if (navigationType === 'POP' && scrollY > 0) window.scrollTo(0, scrollY);
    const remember = () => searchScroll.set(window.scrollY);
    window.addEventListener('scroll', remember, { passive: true });
    return () => window.removeEventListener('scroll', remember);
  }, [ready, navigationType]);
}

/** /members: the member search, the home page of a logged-in member. */
export default function Screen() {
  const { t } = useTranslation();
  const settings = useSettings();
  const client = useQueryClient();
  const navigate = useNavigate();
  const { ready, owner, filters } = useSearchInit();
  useScrollMemory(ready);
  const network = owner === null ? readTracking().network : undefined;
  const rule = network ? settings.logged_out_search_trafficsource : settings.logged_out_search;
  const applied = visibleFilters(filters, settings.search_fields);

  const apply = (next: SearchFilters) => {
    if (next.country) writeCountryCookie(next.country);
    searchScroll.set(0);
    navigate({ search: queryOfFilters(next) });
  };
  // A reset clears the filters and the results gathered so far.
  const reset = () => {
    client.removeQueries({ queryKey: [searchKeyRoot] });
    searchScroll.set(0);
    navigate({ search: '' }, { state: { everyone: true } });
  };

  return (
    <section className="container members-page" aria-labelledby="members-title">
      <div className="members-head">
        <h1 id="members-title">{t('members.title')}</h1>
        {/* The other ways to meet members start from the search, the member's home. */}
        {owner !== null && (
          <nav className="members-discover" aria-label={t('members.discover')}>
            <Link to="/match-finder" className="btn btn-outline-primary btn-sm">
              {t('matchFinder.title')}
            </Link>
            <Link to="/swipe-game" className="btn btn-outline-primary btn-sm">
              {t('swipeGame.title')}
            </Link>
          </nav>
        )}
      </div>
      {owner === null && rule === 'none' ? (
        <VisitorPrompt />
      ) : ready ? (
        <>
          {/* A new key when the filters change from outside the form (reset, location). */}
          <SearchForm key={JSON.stringify(filters)} filters={filters} onApply={apply} onReset={reset} />
          <SearchResults filters={applied} network={network} onReset={reset} />
        </>
      ) : (
        <ul className="profile-grid" aria-busy="true" aria-label={t('members.results.loading')}>
          <Placeholders count={SEARCH_PAGE_SIZE} />
        </ul>
      )}
    </section>
  );
}
