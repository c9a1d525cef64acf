import './alonetonight.scss';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ProfileCard } from '../../../common/api/profile';
import {
  FictionalBadge,
  FictionalNote,
  HeroImage,
  SignupCta,
  useLander,
  useLanderMembers,
  useNicheTexts,
} from './kit';

/** Members asked for: the online ones among the most recently active are shown. */
const POOL = 24;
/** At most this many in the strip. */
const STRIP = 10;

const MOODS = ['sofa', 'discreet', 'pace'] as const;

/**
 * /landers/alonetonight/{slug?}: an evening page. The niche's picture under a night-blue scrim,
 * "Alone tonight?", then the members who are online right now (or, when none is, the most recently
 * active, titled so), and the way in.
 */
export default function AloneTonightLander() {
  const { t } = useTranslation();
  const { nicheName } = useLander();
  const niche = useNicheTexts(nicheName);
  const { profiles, loading } = useLanderMembers(POOL);
  const online = profiles.filter((p) => p.online);
  const shown = (online.length > 0 ? online : profiles).slice(0, STRIP);
  return (
    <div className={`lander night-lander niche-${nicheName}`}>
      <section className="night-hero" aria-labelledby="night-title">
        <HeroImage niche={nicheName} priority className="night-hero-image" />
        <div className="night-hero-scrim" />
        <div className="container night-hero-inner">
          <p className="night-eyebrow">
            <MoonIcon />
            {t('landers.alonetonight.eyebrow')}
          </p>
          <h1 id="night-title">{t('landers.alonetonight.title')}</h1>
          <p className="night-lead">{niche.subtitle}</p>
          <SignupCta className="btn btn-primary btn-lg night-cta">{t('landers.alonetonight.cta')}</SignupCta>
          <p className="night-note">{t('landers.alonetonight.note')}</p>
        </div>
      </section>

      {(loading || shown.length > 0) && (
        <section
          className="night-members"
          aria-labelledby={loading ? undefined : 'night-members-title'}
          aria-busy={loading}
        >
          {loading ? (
            // Until the members are there, nothing claims who is online: bars hold the place.
            <div aria-hidden="true">
              <div className="container">
                <div className="night-skeleton night-skeleton-title" />
                <div className="night-skeleton night-skeleton-text" />
              </div>
              <div className="night-strip">
                {Array.from({ length: 6 }, (_, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders, never reordered
                  <div key={i} className="night-member night-member-placeholder" />
                ))}
              </div>
            </div>
          ) : (
            <>
              <div className="container">
                <h2 id="night-members-title">
                  {online.length > 0 ? (
                    <>
                      <span className="night-pulse" aria-hidden="true" />
                      {t('landers.alonetonight.online.title')}
                    </>
                  ) : (
                    t('landers.alonetonight.recent.title')
                  )}
                </h2>
                <p className="night-members-text">
                  {online.length > 0
                    ? t('landers.alonetonight.online.text')
                    : t('landers.alonetonight.recent.text')}
                </p>
              </div>
              <ul className="night-strip" aria-labelledby="night-members-title">
                {shown.map((p) => (
                  <li key={p.id}>
                    <NightMember profile={p} />
                  </li>
                ))}
              </ul>
            </>
          )}
          <FictionalNote profiles={shown} className="container night-fictional-note" />
        </section>
      )}

      <section className="night-moods container" aria-labelledby="night-moods-title">
        <h2 id="night-moods-title">{t('landers.alonetonight.moods.title')}</h2>
        <ul>
          {MOODS.map((mood) => (
            <li key={mood}>
              <h3>{t(`landers.alonetonight.moods.${mood}.title`)}</h3>
              <p>{t(`landers.alonetonight.moods.${mood}.text`)}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="night-final" aria-labelledby="night-final-title">
        <div className="container">
          <h2 id="night-final-title">{t('landers.alonetonight.final.title')}</h2>
          <p>{t('landers.alonetonight.final.text')}</p>
          <SignupCta className="btn btn-primary btn-lg night-cta">{t('landers.alonetonight.cta')}</SignupCta>
        </div>
      </section>
    </div>
  );
}

function NightMember({ profile }: { profile: ProfileCard }) {
  const { t } = useTranslation();
  // Visitors cannot open a chat: a member leads to signup, the caption naming the link.
  return (
    <Link to="/signup" className="night-member-link">
      <figure className="night-member">
        <div className="night-member-photo">
          {profile.main_image ? (
            <img
              src={profile.main_image.thumb_filename}
              width={320}
              height={400}
              alt=""
              loading="lazy"
              decoding="async"
            />
          ) : (
            <span className="night-member-initial" aria-hidden="true">
              {profile.name.slice(0, 1)}
            </span>
          )}
          {profile.online && (
            <span className="night-member-online">{t('landers.alonetonight.online.badge')}</span>
          )}
          <FictionalBadge profile={profile} className="night-member-fictional" />
        </div>
        <figcaption>
          <strong>
            {profile.name}, {profile.age}
          </strong>
          {profile.region && <span>{profile.region}</span>}
        </figcaption>
      </figure>
    </Link>
  );
}

const MoonIcon = () => (
  <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
    <path fill="currentColor" d="M20.5 14.6A8.5 8.5 0 0 1 9.4 3.5a8.5 8.5 0 1 0 11.1 11.1Z" />
  </svg>
);
