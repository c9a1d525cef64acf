import './signup-matches.scss';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { SHOWCASE_SIZE } from '../../../common/constants';
import { useSignupMatches } from '../../api/signup';
import { useUser } from '../../api/user';
import { ProfileCardView } from '../../components/ProfileCardView';
import { MEMBER_HOME } from '../../member-home';
import { loginPath } from '../../state/auth';

/** /signup-matches: the last signup step, members who fit what the new member is looking for. */
export default function Screen() {
  const { t } = useTranslation();
  const { data: user, isPending } = useUser();
  const matches = useSignupMatches();
  if (!isPending && !user) return <Navigate to={loginPath('/signup-matches')} replace />;
  const profiles = matches.data;
  return (
    <section className="container signup-matches-page" aria-busy={!profiles}>
      <h1>{t('signupMatches.title')}</h1>
      <p className="lead">{t('signupMatches.intro')}</p>
      {profiles && profiles.length === 0 && <p className="signup-matches-empty">{t('signupMatches.none')}</p>}
      {profiles ? (
        profiles.length > 0 && (
          <ul className="profile-grid">
            {profiles.map((p) => (
              <li key={p.id}>
                <Link to={`/members/${p.id}`} className="signup-match-link">
                  <ProfileCardView profile={p} />
                </Link>
              </li>
            ))}
          </ul>
        )
      ) : (
        <div className="profile-grid" aria-hidden="true">
          {Array.from({ length: SHOWCASE_SIZE }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders, never reordered
            <div key={i} className="profile-card profile-card-placeholder" />
          ))}
        </div>
      )}
      <div className="signup-matches-next">
        <Link to={MEMBER_HOME} className="btn btn-primary btn-lg">
          {t('signupMatches.continue')}
        </Link>
      </div>
    </section>
  );
}
