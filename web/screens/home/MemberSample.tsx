import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { SHOWCASE_SIZE } from '../../../common/constants';
import { useSettings, useShowcase } from '../../api/site';
import { lazyImport } from '../../state/chunk-reload';
import { readTracking } from '../../state/tracking';

// The cards load after the page's first render (the sample sits below the hero; the server draws
// it for visitors, and placeholders of the same size hold its place meanwhile).
const ProfileCardView = lazy(
  lazyImport(() => import('../../components/ProfileCardView').then((m) => ({ default: m.ProfileCardView }))),
);

/**
 * A sample of real members from the visitor's country, where logged_out_search allows it. While
 * the members load, empty cards hold their place, so the page below does not jump when they arrive.
 */
export function MemberSample() {
  const { t } = useTranslation();
  const settings = useSettings();
  const { data } = useShowcase();
  const rule = readTracking().network ? settings.logged_out_search_trafficsource : settings.logged_out_search;
  if (rule === 'none' || (data && (!data.allowed || data.profiles.length === 0))) return null;
  return (
    <section className="home-members container" aria-labelledby="members-title" aria-busy={!data}>
      <h2 id="members-title">{t('home.members.title')}</h2>
      {data ? (
        <Suspense fallback={<Placeholders />}>
          <ul className="profile-grid">
            {data.profiles.map((p) => (
              <li key={p.id}>
                <ProfileCardView profile={p} />
              </li>
            ))}
          </ul>
        </Suspense>
      ) : (
        <Placeholders />
      )}
    </section>
  );
}

function Placeholders() {
  return (
    <div className="profile-grid" aria-hidden="true">
      {Array.from({ length: SHOWCASE_SIZE }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders, never reordered
        <div key={i} className="profile-card profile-card-placeholder" />
      ))}
    </div>
  );
}
