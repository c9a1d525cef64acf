import './iconslanding.scss';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../../api/site';
import { ProfileCardView } from '../../components/ProfileCardView';
import { FictionalNote, HeroImage, SignupCta, useLander, useLanderMembers, useNicheTexts } from './kit';

/** Members in the strip below the features. */
const STRIP = 10;

/**
 * What the product really does, each with its icon (nothing promised that the site does not do:
 * signup is free, search is by age and region, a location is only ever a region, a profile goes
 * live once its e-mail address is confirmed, messages arrive live, a block hides you completely).
 */
const FEATURES = ['free', 'nearby', 'discreet', 'confirmed', 'chat', 'control'] as const;
type Feature = (typeof FEATURES)[number];

/**
 * /landers/iconslanding/{slug?}: the niche's headline and picture, then what the site offers as a
 * grid of drawn icons, a strip of real members, and the way in.
 */
export default function IconsLander() {
  const { t } = useTranslation();
  const settings = useSettings();
  const { nicheName } = useLander();
  const niche = useNicheTexts(nicheName);
  const { profiles, loading } = useLanderMembers(STRIP);
  return (
    <div className={`lander icons-lander niche-${nicheName}`}>
      <section className="icons-hero" aria-labelledby="icons-title">
        <div className="container icons-hero-layout">
          <div className="icons-hero-text">
            <p className="icons-eyebrow">{t('landers.iconslanding.eyebrow', { site: settings.name })}</p>
            <h1 id="icons-title">{niche.title}</h1>
            <p className="icons-lead">{niche.subtitle}</p>
            <SignupCta className="btn btn-primary btn-lg icons-cta" />
            <p className="icons-note">
              <CheckIcon />
              {t('landers.iconslanding.note')}
            </p>
          </div>
          <div className="icons-hero-picture">
            <HeroImage niche={nicheName} priority sizes="(min-width: 992px) 560px, 100vw" />
            {/* The first three promises again, as badges on the picture: decoration for the eye. */}
            <ul className="icons-hero-badges" aria-hidden="true">
              {FEATURES.slice(0, 3).map((feature) => (
                <li key={feature} className={`icons-badge icons-badge-${feature}`}>
                  <span className="icons-badge-icon">{ICONS[feature]}</span>
                  {t(`landers.iconslanding.features.${feature}.title`)}
                </li>
              ))}
            </ul>
          </div>
        </div>
      </section>

      <section className="icons-features container" aria-labelledby="icons-features-title">
        <h2 id="icons-features-title">{t('landers.iconslanding.features.title', { site: settings.name })}</h2>
        <ul className="icons-grid">
          {FEATURES.map((feature) => (
            <li key={feature} className={`icons-feature icons-feature-${feature}`}>
              <span className="icons-feature-icon">{ICONS[feature]}</span>
              <h3>{t(`landers.iconslanding.features.${feature}.title`)}</h3>
              <p>{t(`landers.iconslanding.features.${feature}.text`)}</p>
            </li>
          ))}
        </ul>
      </section>

      {(loading || profiles.length > 0) && (
        <section className="icons-members" aria-labelledby="icons-members-title" aria-busy={loading}>
          <div className="container">
            <h2 id="icons-members-title">{t('landers.iconslanding.members.title')}</h2>
            <p className="icons-members-text">{t('landers.iconslanding.members.text')}</p>
          </div>
          {loading ? (
            <div className="icons-strip" aria-hidden="true">
              {Array.from({ length: 6 }, (_, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders, never reordered
                <div key={i} className="profile-card profile-card-placeholder" />
              ))}
            </div>
          ) : (
            <ul className="icons-strip">
              {profiles.map((profile) => (
                <li key={profile.id}>
                  {/* Visitors cannot open a profile: a member leads to signup. */}
                  <ProfileCardView profile={profile} to="/signup" />
                </li>
              ))}
            </ul>
          )}
          <FictionalNote profiles={profiles} className="container icons-fictional-note" />
        </section>
      )}

      <section className="icons-final" aria-labelledby="icons-final-title">
        <div className="container icons-final-inner">
          <span className="icons-final-icon">{ICONS.chat}</span>
          <h2 id="icons-final-title">{t('landers.iconslanding.final.title')}</h2>
          <p>{t('landers.iconslanding.final.text', { site: settings.name })}</p>
          <SignupCta className="btn btn-primary btn-lg icons-cta" />
        </div>
      </section>
    </div>
  );
}

const Svg = ({ children }: { children: ReactNode }) => (
  <svg
    viewBox="0 0 32 32"
    width="32"
    height="32"
    aria-hidden="true"
    focusable="false"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
    strokeLinejoin="round"
  >
    {children}
  </svg>
);

const ICONS: Record<Feature, ReactNode> = {
  // A gift box: joining costs nothing.
  free: (
    <Svg>
      <rect x="5" y="12" width="22" height="15" rx="2" />
      <path d="M3.5 8.5h25v4h-25zM16 8.5V27" />
      <path d="M16 8.5c-2-4.5-7.5-5-7.5-1.75S14 8.5 16 8.5c2 0 7.5 1.5 7.5-1.75S18 4 16 8.5Z" />
    </Svg>
  ),
  // A map pin with rings: people in your region.
  nearby: (
    <Svg>
      <path d="M16 26s-8-7.2-8-13a8 8 0 0 1 16 0c0 5.8-8 13-8 13Z" />
      <circle cx="16" cy="13" r="3" />
      <path d="M7 25.5c-2 .6-3 1.3-3 2 0 1.7 5.4 3 12 3s12-1.3 12-3c0-.7-1-1.4-3-2" />
    </Svg>
  ),
  // A shield with a keyhole: discretion.
  discreet: (
    <Svg>
      <path d="M16 3.5 5.5 7.5v7.3c0 6.4 4.4 11.4 10.5 13.7 6.1-2.3 10.5-7.3 10.5-13.7V7.5Z" />
      <circle cx="16" cy="14" r="2.5" />
      <path d="M16 16.5v4.5" />
    </Svg>
  ),
  // An envelope with a check: confirmed e-mail addresses.
  confirmed: (
    <Svg>
      <rect x="3.5" y="7" width="20" height="15" rx="2" />
      <path d="m4 8 9.5 7.5L23 8" />
      <circle cx="24" cy="22" r="5.5" fill="currentColor" fillOpacity="0.15" />
      <path d="m21.5 22 1.8 1.8 3.2-3.6" />
    </Svg>
  ),
  // Two speech bubbles: chatting.
  chat: (
    <Svg>
      <path d="M4 6.5h15a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2h-8l-5 4v-4H4a2 2 0 0 1-2-2v-8a2 2 0 0 1 2-2Z" />
      <path d="M24 12h4a2 2 0 0 1 2 2v7.5a2 2 0 0 1-2 2h-1v3.5l-4.5-3.5H16a2 2 0 0 1-2-2v-1" />
      <path d="M7 12.5h.01M11.5 12.5h.01M16 12.5h.01" strokeWidth="2.6" />
    </Svg>
  ),
  // A "no entry" sign: anyone can be blocked.
  control: (
    <Svg>
      <circle cx="16" cy="16" r="12.5" />
      <path d="m7.2 7.2 17.6 17.6" />
    </Svg>
  ),
};

const CheckIcon = () => (
  <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
    <path
      d="m3.5 8.5 3 3 6-7"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.2"
      strokeLinecap="round"
      strokeLinejoin="round"
    />
  </svg>
);
