import './profile.scss';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePhotos } from '../../api/photos';
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
      <ProfileWhenReady paid={user.paid_user} lang={i18n.language} />
    </section>
  );
}

/**
 * The photos and the form appear together, once everything they show is here (profile, regions,
 * interests, photos): shown one after the other, the photos arriving last would push the form
 * down under the member's eyes. Until then one placeholder holds the page's place.
 */
function ProfileWhenReady({ paid, lang }: { paid: boolean; lang: string }) {
  const profile = useOwnProfile();
  const regions = useRegions();
  const photos = usePhotos();
  // After a language change the old labels stay until the new ones arrive, so the form keeps its edits.
  const fresh = useInterests(lang).data;
  const last = useRef(fresh);
  if (fresh) last.current = fresh;
  const interests = fresh ?? last.current;
  if (profile.error) throw profile.error;
  if (!profile.data || !regions.data || !interests || photos.isPending)
    return <div className="profile-card profile-form-placeholder" aria-busy="true" />;
  return (
    <div className="profile-layout">
      <div className="profile-photos-column">
        <PhotoManager paid={paid} />
      </div>
      <div className="profile-form-column">
        <ProfileForm profile={profile.data} regions={regions.data} interests={interests} />
      </div>
    </div>
  );
}
