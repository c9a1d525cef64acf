import '../signup/signup.scss';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../../api/site';
import { SignupForm } from '../signup/SignupForm';
import { aboutOf, FictionalNote, HiddenMember, type LandingProps, MemberMeta, MemberPhoto } from './parts';

/**
 * /members/{id}/signup: the member's card beside (wide screens) or above (phones) the signup form
 * itself, so the visitor signs up right here and goes on to the chat with them. Where the site
 * shows profiles to members only: the niche's picture above the same form.
 */
export default function SignupLanding({ profile, niche, next }: LandingProps) {
  const { t } = useTranslation();
  const settings = useSettings();
  const form = (
    <section className="ml-form-panel" aria-labelledby="ml-form-title">
      <h2 id="ml-form-title">{t('memberLanding.signup.formTitle')}</h2>
      <SignupForm next={next} messageTo={profile ? { id: profile.id, name: profile.name } : undefined} />
    </section>
  );
  if (!profile)
    return (
      <HiddenMember niche={niche} next={next}>
        <div className="ml-hidden-form">{form}</div>
      </HiddenMember>
    );

  const name = profile.name;
  const about = aboutOf(profile);
  return (
    <article className={`ml ml-signup niche-${niche}`} aria-labelledby="ml-title">
      <div className="container">
        <header className="ml-signup-head">
          <h1 id="ml-title">{t('memberLanding.signup.title', { name })}</h1>
          <p className="ml-lead">{t('memberLanding.signup.lead', { name, site: settings.name })}</p>
        </header>
        <div className="ml-signup-grid">
          <aside className="ml-member-card" aria-label={t('memberLanding.signup.cardLabel', { name })}>
            <MemberPhoto profile={profile} priority sizes="(min-width: 768px) 400px, 112px" />
            <div className="ml-member-card-body">
              <p className="ml-member-card-name">
                {name}, {profile.age}
              </p>
              <MemberMeta profile={profile} />
              {about && <p className="ml-member-card-about">{about}</p>}
              <FictionalNote profile={profile} />
            </div>
          </aside>
          {form}
        </div>
      </div>
    </article>
  );
}
