import { useTranslation } from 'react-i18next';
import { useInterests, useSettings } from '../../api/site';
import { HeroImage } from '../landers/kit';
import {
  aboutOf,
  FictionalNote,
  LandingCta,
  LockIcon,
  MemberMeta,
  MemberPhoto,
  type ShownProps,
  useDetails,
} from './parts';

/**
 * /members/{id}/landing2/{slug?}: the member as a profile page. The niche's picture as the cover,
 * their photo, name and details, the gallery of their photos (premium ones blurred, as the server
 * sends them), and signup that leads on to their full profile.
 */
export default function ProfileLanding({ profile, niche, next }: ShownProps) {
  const { t, i18n } = useTranslation();
  const settings = useSettings();
  const details = useDetails(profile);
  const shownFields = new Set<string>(settings.visible_profile_fields);
  const interests = useInterests(i18n.language).data;
  const name = profile.name;
  const about = aboutOf(profile);
  const byId = new Map(interests?.map((i) => [i.id, i]));
  const mine = shownFields.has('interests')
    ? (profile.interests ?? []).flatMap((id) => {
        const i = byId.get(id);
        return i ? [i] : [];
      })
    : [];
  const photos = profile.photos;

  return (
    <article className={`ml ml-profile niche-${niche}`} aria-labelledby="ml-title">
      <div className="ml-cover">
        <HeroImage niche={niche} priority className="ml-cover-image" />
      </div>
      <div className="container">
        <header className="ml-profile-head">
          <MemberPhoto profile={profile} size="thumb" priority className="ml-avatar" />
          <div className="ml-profile-id">
            <h1 id="ml-title">
              {name}, {profile.age}
            </h1>
            <MemberMeta profile={profile} />
          </div>
          <div className="ml-profile-cta">
            <LandingCta next={next} className="btn btn-primary btn-lg ml-cta">
              {t('memberLanding.profile.cta', { name })}
            </LandingCta>
            <p className="ml-note">{t('home.free')}</p>
          </div>
        </header>
        <FictionalNote profile={profile} />

        <div className="ml-profile-grid">
          <div className="ml-profile-main">
            {about && (
              <section className="ml-card" aria-labelledby="ml-about-title">
                <h2 id="ml-about-title">{t('memberProfile.about', { name })}</h2>
                <p className="ml-about-text">{about}</p>
              </section>
            )}
            {photos.length > 0 && (
              <section className="ml-card" aria-labelledby="ml-photos-title">
                <h2 id="ml-photos-title">
                  {t('memberLanding.profile.photos', { name, count: photos.length })}
                </h2>
                <ul className="ml-gallery">
                  {photos.map((photo, i) => (
                    <li key={photo.id} className={photo.locked ? 'is-locked' : undefined}>
                      <img
                        src={photo.thumb_filename}
                        alt={t('memberProfile.photos.alt', { number: i + 1, total: photos.length, name })}
                        width={320}
                        height={400}
                        loading="lazy"
                        decoding="async"
                      />
                      {photo.locked && (
                        <span className="ml-gallery-lock">
                          <LockIcon />
                          <span className="visually-hidden">{t('memberProfile.photos.locked')}</span>
                        </span>
                      )}
                    </li>
                  ))}
                </ul>
              </section>
            )}
          </div>
          <aside className="ml-profile-side">
            {details.length > 0 && (
              <section className="ml-card" aria-labelledby="ml-details-title">
                <h2 id="ml-details-title">{t('memberProfile.details')}</h2>
                <dl className="ml-fields">
                  {details.map((d) => (
                    <div key={d.field}>
                      <dt>{d.label}</dt>
                      <dd>{d.value}</dd>
                    </div>
                  ))}
                </dl>
              </section>
            )}
            {mine.length > 0 && (
              <section className="ml-card" aria-labelledby="ml-interests-title">
                <h2 id="ml-interests-title">{t('memberProfile.interests')}</h2>
                <ul className="ml-interests">
                  {mine.map((i) => (
                    <li key={i.id}>
                      <span aria-hidden="true">{i.icon}</span> {i.label}
                    </li>
                  ))}
                </ul>
              </section>
            )}
            <section className="ml-card ml-card-cta" aria-labelledby="ml-more-title">
              <h2 id="ml-more-title">{t('memberLanding.profile.moreTitle', { name })}</h2>
              <p>{t('memberLanding.profile.moreText', { name, site: settings.name })}</p>
              <LandingCta next={next} className="btn btn-primary ml-cta">
                {t('memberLanding.profile.cta', { name })}
              </LandingCta>
            </section>
          </aside>
        </div>
      </div>
    </article>
  );
}
