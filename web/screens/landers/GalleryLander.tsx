import './gallery.scss';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ProfileCard } from '../../../common/api/profile';
import { useSettings } from '../../api/site';
import { showsFictional } from '../../components/ProfileCardView';
import { FictionalBadge, HeroImage, SignupCta, useLander, useLanderMembers, useNicheTexts } from './kit';

const COUNT = 12;
const STEPS = ['signup', 'browse', 'chat'] as const;

/**
 * /landers/gallery/{slug?}: the niche's headline over a clean gallery of members (name, age,
 * region), each leading to signup, since visitors cannot open a chat; then how it works, and the
 * way in once more.
 */
export default function GalleryLander() {
  const { t } = useTranslation();
  const { nicheName } = useLander();
  const niche = useNicheTexts(nicheName);
  const settings = useSettings();
  const { profiles, loading } = useLanderMembers(COUNT);
  const [onlineOnly, setOnlineOnly] = useState(false);
  const online = profiles.filter((p) => p.online);
  const shown = onlineOnly ? online : profiles;
  // A few faces above the headline: the gallery below in small.
  const faces = profiles.filter((p) => p.main_image).slice(0, 5);
  return (
    <div className={`lander gallery-lander niche-${nicheName}`}>
      <header className="gallery-head">
        <div className="container">
          <p className="gallery-eyebrow">
            {/* Always there, empty while loading: the headline does not move when the faces come. */}
            <span className="gallery-faces" aria-hidden="true">
              {faces.map((p) => (
                <img key={p.id} src={p.main_image?.thumb_filename} width={320} height={400} alt="" />
              ))}
            </span>
            {t('landers.gallery.eyebrow')}
          </p>
          <h1>{niche.title}</h1>
          <p className="gallery-lead">{niche.subtitle}</p>
          <SignupCta className="btn btn-primary btn-lg gallery-cta" />
        </div>
      </header>

      <section
        className="gallery-members container"
        aria-labelledby="gallery-members-title"
        aria-busy={loading}
      >
        <div className="gallery-members-head">
          <h2 id="gallery-members-title">{t('landers.gallery.members.title')}</h2>
          {online.length > 0 && (
            // biome-ignore lint/a11y/useSemanticElements: a pair of toggle buttons, not a form field set
            <div className="gallery-filter" role="group" aria-label={t('landers.gallery.filter.label')}>
              <button type="button" aria-pressed={!onlineOnly} onClick={() => setOnlineOnly(false)}>
                {t('landers.gallery.filter.all', { n: profiles.length })}
              </button>
              <button type="button" aria-pressed={onlineOnly} onClick={() => setOnlineOnly(true)}>
                <span className="gallery-online-dot" aria-hidden="true" />
                {t('landers.gallery.filter.online', { n: online.length })}
              </button>
            </div>
          )}
        </div>
        {loading ? (
          <div className="gallery-grid" aria-hidden="true">
            {Array.from({ length: 8 }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders, never reordered
              <div key={i} className="gallery-card gallery-card-placeholder" />
            ))}
          </div>
        ) : profiles.length > 0 ? (
          <>
            <ul className="gallery-grid">
              {shown.map((p, i) => (
                <li key={p.id}>
                  <GalleryCard profile={p} eager={i < 2} />
                </li>
              ))}
            </ul>
            {profiles.some((p) => showsFictional(p, settings)) && (
              <p className="gallery-fictional-note">
                <span aria-hidden="true">{settings.fictional_icon}</span> {settings.fictional_warning}
              </p>
            )}
            <p className="gallery-more">
              <SignupCta className="btn btn-outline-primary">{t('landers.gallery.members.more')}</SignupCta>
            </p>
          </>
        ) : (
          <div className="gallery-empty">
            <HeroImage
              niche={nicheName}
              className="gallery-empty-image"
              sizes="(min-width: 1200px) 1140px, 100vw"
            />
            <div className="gallery-empty-text">
              <p>{t('landers.gallery.members.empty')}</p>
              <SignupCta className="btn btn-light btn-lg" />
            </div>
          </div>
        )}
      </section>

      <section className="gallery-steps container" aria-labelledby="gallery-steps-title">
        <h2 id="gallery-steps-title">{t('landers.gallery.steps.title')}</h2>
        <ol>
          {STEPS.map((step, i) => (
            <li key={step}>
              <span className="gallery-step-number" aria-hidden="true">
                {i + 1}
              </span>
              <h3>{t(`landers.gallery.steps.${step}.title`)}</h3>
              <p>{t(`landers.gallery.steps.${step}.text`)}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className="gallery-final" aria-labelledby="gallery-final-title">
        <div className="container">
          <h2 id="gallery-final-title">{t('landers.gallery.final.title')}</h2>
          <p>{t('landers.gallery.final.text')}</p>
          <SignupCta className="btn btn-light btn-lg gallery-final-cta" />
        </div>
      </section>
    </div>
  );
}

function GalleryCard({ profile, eager }: { profile: ProfileCard; eager: boolean }) {
  const { t } = useTranslation();
  // Visitors cannot open a chat: the card leads to signup; its text names the link.
  return (
    <Link to="/signup" className="gallery-card">
      <span className="gallery-card-photo">
        {profile.main_image ? (
          <img
            src={profile.main_image.thumb_filename}
            width={320}
            height={400}
            alt=""
            loading={eager ? 'eager' : 'lazy'}
            decoding="async"
          />
        ) : (
          <span className="gallery-card-initial" aria-hidden="true">
            {profile.name.slice(0, 1)}
          </span>
        )}
        {profile.online && <span className="gallery-card-online">{t('landers.gallery.online')}</span>}
        <FictionalBadge profile={profile} className="gallery-card-fictional" />
      </span>
      <span className="gallery-card-body">
        <span className="gallery-card-who">
          <strong className="gallery-card-name">
            {profile.name}, {profile.age}
          </strong>
          {profile.region && <span className="gallery-card-region">{profile.region}</span>}
        </span>
        <span className="gallery-card-action">{t('landers.gallery.card.action')}</span>
      </span>
    </Link>
  );
}
