import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSettings } from '../../api/site';
import { storeSignupNext } from '../../state/signup-next';
import { HeroImage } from '../landers/kit';
import { aboutOf, FictionalNote, LandingCta, MemberMeta, MemberPhoto, type ShownProps } from './parts';

const SendIcon = () => (
  <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
    <path d="M3 20.5 21 12 3 3.5l.01 6.6L15 12 3.01 13.9z" fill="currentColor" />
  </svg>
);

/**
 * /members/{id}/landing3/{slug?}: the chat with the member as it would begin. The empty
 * conversation, honestly so: no message from the member, only the visitor's own first words as a
 * suggestion, and the way in to write them, which leads through signup to that very chat.
 */
export default function ChatLanding({ profile, niche, next }: ShownProps) {
  const { t } = useTranslation();
  const settings = useSettings();
  const name = profile.name;
  const about = aboutOf(profile);
  return (
    <article className={`ml ml-chat niche-${niche}`} aria-labelledby="ml-title">
      <div className="ml-chat-stage">
        <HeroImage niche={niche} priority className="ml-chat-backdrop" />
        <div className="container ml-chat-grid">
          <div className="ml-chat-intro">
            <h1 id="ml-title">{t('memberLanding.chat.title', { name })}</h1>
            <p className="ml-lead">{t('memberLanding.chat.lead', { name, site: settings.name })}</p>
            <LandingCta next={next} className="btn btn-light btn-lg ml-cta">
              {t('memberLanding.chat.cta', { name })}
            </LandingCta>
            <p className="ml-note">{t('home.free')}</p>
            <FictionalNote profile={profile} />
          </div>

          <figure className="ml-chat-window" aria-labelledby="ml-chat-caption">
            <figcaption id="ml-chat-caption" className="ml-chat-header">
              <MemberPhoto profile={profile} size="thumb" className="ml-chat-avatar" />
              <div className="ml-chat-who">
                <strong>
                  {name}, {profile.age}
                </strong>
                <MemberMeta profile={profile} className="ml-meta ml-meta-small" />
              </div>
            </figcaption>
            <div className="ml-chat-body">
              <MemberPhoto profile={profile} size="thumb" priority className="ml-chat-photo" />
              <p className="ml-chat-start">{t('memberLanding.chat.start', { name })}</p>
              <div className="ml-bubble">
                <span className="ml-bubble-label">{t('memberLanding.chat.draftLabel')}</span>
                <p>{t('memberLanding.chat.draft', { name })}</p>
              </div>
            </div>
            <Link to="/signup" className="ml-chat-composer" onClick={() => storeSignupNext(next)}>
              <span>{t('memberLanding.chat.composer', { name })}</span>
              <SendIcon />
            </Link>
          </figure>
        </div>
      </div>

      {about && (
        <section className="container ml-chat-about" aria-labelledby="ml-about-title">
          <h2 id="ml-about-title">{t('memberProfile.about', { name })}</h2>
          <p className="ml-about-text">{about}</p>
        </section>
      )}
    </article>
  );
}
