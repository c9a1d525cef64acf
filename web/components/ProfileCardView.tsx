import { useTranslation } from 'react-i18next';
import type { ProfileCard } from '../../common/api/profile';

/** A photo-first member card: photo, name, age and region. */
export function ProfileCardView({ profile }: { profile: ProfileCard }) {
  const { t } = useTranslation();
  return (
    <figure className="profile-card">
      <div className="profile-card-photo">
        {profile.main_image ? (
          <img
            src={profile.main_image.thumb_filename}
            alt={t('profile.photoOf', { name: profile.name })}
            loading="lazy"
            width={320}
            height={400}
          />
        ) : (
          <span className="profile-card-initial" aria-hidden="true">
            {profile.name.slice(0, 1)}
          </span>
        )}
      </div>
      <figcaption>
        <strong>
          {profile.name}, {profile.age}
        </strong>
        {profile.region && <span className="profile-card-region">{profile.region}</span>}
      </figcaption>
    </figure>
  );
}
