import { useTranslation } from 'react-i18next';
import { useShowcase } from '../../api/showcase';
import { ProfileCardView } from '../../components/ProfileCardView';

/** A sample of real members from the visitor's country, where logged_out_search allows it. */
export function MemberSample() {
  const { t } = useTranslation();
  const { data } = useShowcase();
  if (!data?.allowed || data.profiles.length === 0) return null;
  return (
    <section className="home-members container" aria-labelledby="members-title">
      <h2 id="members-title">{t('home.members.title')}</h2>
      <ul className="profile-grid">
        {data.profiles.map((p) => (
          <li key={p.id}>
            <ProfileCardView profile={p} />
          </li>
        ))}
      </ul>
    </section>
  );
}
