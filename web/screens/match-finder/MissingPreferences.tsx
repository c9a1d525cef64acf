import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MatchPreference } from '../../../common/api/match-finder';

/** The finder needs to know who the member seeks: say what to fill in, and where. */
export function MissingPreferences({ missing }: { missing: MatchPreference[] }) {
  const { t } = useTranslation();
  return (
    <div className="match-finder-note">
      <h2>{t('matchFinder.missing.title')}</h2>
      <p>{t('matchFinder.missing.intro')}</p>
      <ul>
        {missing.map((m) => (
          <li key={m}>{t(`matchFinder.missing.${m}`)}</li>
        ))}
      </ul>
      <Link to="/profile" className="btn btn-primary">
        {t('matchFinder.missing.link')}
      </Link>
    </div>
  );
}
