import './profile.scss';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useOwnProfile } from '../../api/profile-edit';
import { useInterests, useRegions } from '../../api/site';
import { useUser } from '../../api/user';
import { PhotoManager } from './PhotoManager';
import { ProfileForm } from './ProfileForm';

/** /profile: my photos and every field of my profile. */
export default function Screen() {
  const { t, i18n } = useTranslation();
  const { data: user, isPending } = useUser();
  if (isPending) return <section className="container profile-page" aria-busy="true" />;
  if (!user)
    return (
      <section className="container profile-page profile-page-narrow">
        <h1>{t('profileEdit.title')}</h1>
        <p>{t('profileEdit.loginRequired')}</p>
        <Link to="/login" className="btn btn-primary">
          {t('shell.login')}
        </Link>
      </section>
    );
  return (
    <section className="container profile-page">
      <h1>{t('profileEdit.title')}</h1>
      <p className="lead profile-lead">{t('profileEdit.intro')}</p>
      <div className="profile-layout">
        <div className="profile-photos-column">
          <PhotoManager paid={user.paid_user} />
        </div>
        <div className="profile-form-column">
          <FormWhenReady lang={i18n.language} />
        </div>
      </div>
    </section>
  );
}

/** The form starts from everything it shows (profile, regions, interests), so no select changes under the member. */
function FormWhenReady({ lang }: { lang: string }) {
  const profile = useOwnProfile();
  const regions = useRegions();
  // After a language change the old labels stay until the new ones arrive, so the form keeps its edits.
  const fresh = useInterests(lang).data;
  const last = useRef(fresh);
  if (fresh) last.current = fresh;
  const interests = fresh ?? last.current;
  if (profile.error) throw profile.error;
  if (!profile.data || !regions.data || !interests)
    return <div className="profile-card profile-form-placeholder" aria-busy="true" />;
  return <ProfileForm profile={profile.data} regions={regions.data} interests={interests} />;
}
