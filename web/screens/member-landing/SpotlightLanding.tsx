import { useTranslation } from 'react-i18next';
import { useSettings } from '../../api/site';
import {
  aboutOf,
  FictionalNote,
  LandingCta,
  MemberMeta,
  MemberPhoto,
  type ShownProps,
  useDetails,
} from './parts';

const STEPS = ['signup', 'chat', 'meet'] as const;

/**
 * /members/{id}/landing: the member in the spotlight. Their big photo with name, age and region on
 * it, a few lines of their own and what they are looking for, and one call: chat with them.
 */
export default function SpotlightLanding({ profile, niche, next }: ShownProps) {
  const { t } = useTranslation();
  const settings = useSettings();
  const name = profile.name;
  const about = aboutOf(profile);
  const details = useDetails(profile, 4);
  return (
    <article className={`ml ml-spotlight niche-${niche}`} aria-labelledby="ml-title">
      <div className="ml-spotlight-band">
        <div className="container ml-spotlight-grid">
          <div className="ml-spotlight-photo">
            <MemberPhoto profile={profile} priority sizes="(min-width: 768px) 440px, 100vw" />
            <header className="ml-photo-caption">
              <h1 id="ml-title">
                {name}, {profile.age}
              </h1>
              <MemberMeta profile={profile} />
            </header>
          </div>
          <div className="ml-spotlight-info">
            <p className="ml-kicker">{t('memberLanding.memberOf', { site: settings.name })}</p>
            <p className="ml-lead">{t('memberLanding.landing.lead', { name })}</p>
            <div className="ml-cta-block">
              <LandingCta next={next} className="btn btn-primary btn-lg ml-cta">
                {t('memberLanding.chatWith', { name })}
              </LandingCta>
              <p className="ml-note">{t('home.free')}</p>
            </div>
            <FictionalNote profile={profile} />
            {about && (
              <section className="ml-about" aria-labelledby="ml-about-title">
                <h2 id="ml-about-title">{t('memberProfile.about', { name })}</h2>
                <p className="ml-about-text">{about}</p>
              </section>
            )}
            {details.length > 0 && (
              <dl className="ml-chips">
                {details.map((d) => (
                  <div key={d.field} className="ml-chip">
                    <dt>{d.label}</dt>
                    <dd>{d.value}</dd>
                  </div>
                ))}
              </dl>
            )}
          </div>
        </div>
      </div>

      <section className="container ml-steps" aria-labelledby="ml-steps-title">
        <h2 id="ml-steps-title">{t('memberLanding.steps.title', { name })}</h2>
        <ol>
          {STEPS.map((step, i) => (
            <li key={step}>
              <span className="ml-step-number" aria-hidden="true">
                {i + 1}
              </span>
              <h3>{t(`memberLanding.steps.${step}.title`, { name })}</h3>
              <p>{t(`memberLanding.steps.${step}.text`, { name, site: settings.name })}</p>
            </li>
          ))}
        </ol>
        <LandingCta next={next} className="btn btn-primary btn-lg ml-cta">
          {t('memberLanding.chatWith', { name })}
        </LandingCta>
      </section>
    </article>
  );
}
