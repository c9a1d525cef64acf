import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProfileCard } from '../../../common/api/profile';
import type { PromoCard } from '../../../common/api/promos';
import type { SearchFilters } from '../../../common/api/search';
import { SEARCH_PAGE_SIZE } from '../../../common/constants';
import { withPromos } from '../../../common/rules/promos';
import { ApiError } from '../../api/client';
import { usePromos } from '../../api/promos';
import { countLabel, SIMILAR_BELOW, useMemberSearch } from '../../api/search';
import { useSettings } from '../../api/site';
import { FictionalDisclosure } from '../../components/FictionalDisclosure';
import { EAGER_CARDS, ProfileCardView, showsFictional } from '../../components/ProfileCardView';
import { PromoCardView } from '../../components/PromoCardView';
import { VisitorPrompt } from './VisitorPrompt';

// One row at the widest grid (6 columns), three on a phone: where the next page will appear.
const MORE_PLACEHOLDERS = 6;

export function Placeholders({ count }: { count: number }) {
  return Array.from({ length: count }, (_, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders, never reordered
    <li key={`placeholder-${i}`} className="profile-card profile-card-placeholder" aria-hidden="true" />
  ));
}

function CardGrid({
  profiles,
  loading,
  label,
  promos = [],
}: {
  profiles: ProfileCard[];
  loading: number;
  label?: string;
  /** Partner promos, one after every PROMO_CARD_INTERVAL members: labelled ads, not counted. */
  promos?: PromoCard[];
}) {
  return (
    <ul className="profile-grid" aria-label={label}>
      {withPromos(profiles, promos).map((e, i) =>
        e.kind === 'item' ? (
          <li key={e.item.id}>
            <ProfileCardView profile={e.item} to={`/members/${e.item.id}`} priority={i < EAGER_CARDS} />
          </li>
        ) : (
          <li key={`promo-${e.slot}`} className="promo-slot">
            <PromoCardView promo={e.promo} />
          </li>
        ),
      )}
      <Placeholders count={loading} />
    </ul>
  );
}

/** Calls `onVisible` while the sentinel is near the viewport; asked again after every new page. */
function useSentinel(onVisible: () => void, active: boolean, pages: number) {
  const ref = useRef<HTMLDivElement>(null);
  const callback = useRef(onVisible);
  callback.current = onVisible;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page re-observes, so a sentinel still in view asks for the next one.
  useEffect(() => {
    const el = ref.current;
    if (!active || !el || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) callback.current();
      },
      { rootMargin: '800px 0px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [active, pages]);
  return ref;
}

/**
 * The results: pages that accumulate as the member scrolls (or presses "show
 * more"), the number found, then similar members when few match, with empty, loading and error
 * states. The sentinel and the button load the exact results first, then the similar ones.
 */
export function SearchResults(props: { filters: SearchFilters; network?: string; onReset: () => void }) {
  const { t } = useTranslation();
  const settings = useSettings();
  const promos = usePromos().data?.promos;
  const exact = useMemberSearch(props.filters, { similar: false, network: props.network, enabled: true });
  const exactProfiles = exact.data?.pages.flatMap((p) => p.profiles) ?? [];
  const numResults = exact.data?.pages[0]?.num_results ?? exactProfiles.length;
  const wantSimilar = exact.isSuccess && !exact.hasNextPage && numResults < SIMILAR_BELOW;
  const similar = useMemberSearch(props.filters, {
    similar: true,
    network: props.network,
    enabled: wantSimilar,
  });
  const shown = new Set(exactProfiles.map((p) => p.id));
  const similarProfiles = wantSimilar
    ? (similar.data?.pages.flatMap((p) => p.profiles) ?? []).filter((p) => !shown.has(p.id))
    : [];

  const current = exact.hasNextPage || !wantSimilar ? exact : similar;
  const canLoadMore = Boolean(current.hasNextPage) && !current.isFetchNextPageError;
  const loadMore = () => {
    if (canLoadMore && !current.isFetching) void current.fetchNextPage();
  };
  const pages = (exact.data?.pages.length ?? 0) + (similar.data?.pages.length ?? 0);
  const sentinel = useSentinel(loadMore, canLoadMore, pages);

  if (exact.isPending)
    return (
      <div aria-busy="true">
        <p className="search-count placeholder-text" aria-hidden="true" />
        <ul className="profile-grid" aria-label={t('members.results.loading')}>
          <Placeholders count={SEARCH_PAGE_SIZE} />
        </ul>
      </div>
    );
  // The site keeps its search to members after all (logged_out_search): say how to get in.
  if (exact.error instanceof ApiError && exact.error.code === 'authentication_required')
    return <VisitorPrompt />;
  if (exact.isError && !exact.data)
    return (
      <div className="search-problem" role="alert">
        <p>{t('members.results.error')}</p>
        <button type="button" className="btn btn-primary" onClick={() => void exact.refetch()}>
          {t('members.results.retry')}
        </button>
      </div>
    );

  const similarLoading = wantSimilar && similar.isPending;
  const nothing =
    exactProfiles.length === 0 && (!wantSimilar || (similar.isSuccess && similarProfiles.length === 0));
  const fictional = [...exactProfiles, ...similarProfiles].some((p) => showsFictional(p, settings));
  const moreError = current.isFetchNextPageError || (wantSimilar && similar.isError && !similar.data);

  return (
    <div aria-busy={current.isFetching}>
      <p className="search-count" aria-live="polite">
        {t('members.results.count', { count: numResults, shown: countLabel(numResults) })}
      </p>
      {fictional && <FictionalDisclosure className="search-fictional" />}
      {nothing ? (
        <div className="search-empty">
          <h2>{t('members.results.emptyTitle')}</h2>
          <p>{t('members.results.emptyText')}</p>
          <button type="button" className="btn btn-primary" onClick={props.onReset}>
            {t('members.filters.reset')}
          </button>
        </div>
      ) : (
        exactProfiles.length > 0 && (
          <CardGrid
            profiles={exactProfiles}
            loading={exact.isFetchingNextPage ? MORE_PLACEHOLDERS : 0}
            label={t('members.results.label')}
            promos={promos}
          />
        )
      )}
      {wantSimilar && (similarLoading || similarProfiles.length > 0) && (
        <section className="search-similar" aria-labelledby="similar-title">
          <h2 id="similar-title">{t('members.results.similarTitle')}</h2>
          <p className="search-similar-intro">
            {exactProfiles.length === 0 ? t('members.results.similarNone') : t('members.results.similarFew')}
          </p>
          <CardGrid
            profiles={similarProfiles}
            loading={similarLoading ? SEARCH_PAGE_SIZE : similar.isFetchingNextPage ? MORE_PLACEHOLDERS : 0}
          />
        </section>
      )}
      {moreError && (
        <div className="search-problem" role="alert">
          <p>{t('members.results.moreError')}</p>
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => void (current.isFetchNextPageError ? current.fetchNextPage() : similar.refetch())}
          >
            {t('members.results.retry')}
          </button>
        </div>
      )}
      <div ref={sentinel} className="search-sentinel" />
      {canLoadMore && (
        <div className="search-more">
          <button
            type="button"
            className="btn btn-outline-primary"
            onClick={loadMore}
            disabled={current.isFetching}
          >
            {current.isFetchingNextPage ? t('members.results.loadingMore') : t('members.results.more')}
          </button>
        </div>
      )}
    </div>
  );
}
