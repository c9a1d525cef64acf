import './match-finder.scss';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { MATCH_FINDER_SIZE } from '../../../common/api/match-finder';
import { withPromos } from '../../../common/rules/promos';
import { useMatchFinder } from '../../api/match-finder';
import { usePromos } from '../../api/promos';
import { useUser } from '../../api/user';
import { PromoCardView } from '../../components/PromoCardView';
import { loginPath } from '../../state/auth';
import { MissingPreferences } from './MissingPreferences';
import { SuggestionCard } from './SuggestionCard';

/** /match-finder: members who fit the member both ways, each with the reasons why. */
export default function Screen() {
  const { t } = useTranslation();
  const { data: user, isPending } = useUser();
  const finder = useMatchFinder(Boolean(user));
  const promos = usePromos();
  if (!isPending && !user) return <Navigate to={loginPath('/match-finder')} replace />;
  const data = finder.data;
  return (
    <section className="container match-finder-page" aria-busy={!data}>
      <h1>{t('matchFinder.title')}</h1>
      <p className="lead">{t('matchFinder.intro')}</p>
      {finder.isError && <p className="text-danger">{t('matchFinder.failed')}</p>}
      {data && data.missing_preferences.length > 0 && (
        <MissingPreferences missing={data.missing_preferences} />
      )}
      {data && data.missing_preferences.length === 0 && data.suggestions.length === 0 && (
        <div className="match-finder-note">
          <h2>{t('matchFinder.empty.title')}</h2>
          <p>{t('matchFinder.empty.text')}</p>
          <Link to="/profile" className="btn btn-outline-primary">
            {t('matchFinder.empty.link')}
          </Link>
        </div>
      )}
      {data
        ? data.suggestions.length > 0 && (
            <ul className="suggestion-grid" aria-label={t('matchFinder.listLabel')}>
              {withPromos(data.suggestions, promos.data?.promos ?? []).map((e) =>
                e.kind === 'item' ? (
                  <li key={e.item.profile.id}>
                    <SuggestionCard suggestion={e.item} />
                  </li>
                ) : (
                  <li key={`promo-${e.slot}`} className="promo-slot">
                    <PromoCardView promo={e.promo} />
                  </li>
                ),
              )}
            </ul>
          )
        : !finder.isError && (
            <div className="suggestion-grid" aria-hidden="true">
              {Array.from({ length: Math.min(8, MATCH_FINDER_SIZE) }, (_, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders, never reordered
                <div key={i} className="profile-card profile-card-placeholder" />
              ))}
            </div>
          )}
    </section>
  );
}
