import './ProfileCardView.scss';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ProfileCard } from '../../common/api/profile';
import type { SiteSettings } from '../../common/api/settings';
import { useSettings } from '../api/site';

const LockIcon = () => (
  <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
    <path
      d="M6 11h12v9H6zM8 11V8a4 4 0 0 1 8 0v3"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    />
  </svg>
);

/** A fictional profile carries the site's disclosure, where it has one. */
export function showsFictional(profile: ProfileCard, settings: SiteSettings): boolean {
  return Boolean(settings.fictional_warning && profile.fictional);
}

/**
 * A photo-first member card: photo, name, age and region, the premium badge, an online dot, a
 * lock over a premium photo the viewer sees only blurred, and the site's fictional-profile icon.
 * With `to`, the whole card is one link (the name in the caption names it).
 */
/**
 * The first cards of a list are the screen's largest picture (its LCP) on a phone and a desktop
 * alike: their photos load at once and first, the rest as they come into view.
 */
export const EAGER_CARDS = 4;

export function ProfileCardView({
  profile,
  to,
  priority = false,
}: {
  profile: ProfileCard;
  to?: string;
  /** One of the first cards on the screen (EAGER_CARDS): its photo loads at once, first. */
  priority?: boolean;
}) {
  const { t } = useTranslation();
  const settings = useSettings();
  const locked = profile.main_image?.locked ?? false;
  const fictional = showsFictional(profile, settings);
  const fictionalLabel = settings.fictional_singular ?? settings.fictional_warning ?? '';
  const card = (
    <figure className="profile-card">
      <div className={`profile-card-photo${locked ? ' is-locked' : ''}`}>
        {profile.main_image ? (
          <img
            src={profile.main_image.thumb_filename}
            // Inside a link the caption already names the member; the photo would only repeat it.
            alt={to ? '' : t('profile.photoOf', { name: profile.name })}
            loading={priority ? 'eager' : 'lazy'}
            fetchPriority={priority ? 'high' : undefined}
            width={320}
            height={400}
          />
        ) : (
          <span className="profile-card-initial" aria-hidden="true">
            {profile.name.slice(0, 1)}
          </span>
        )}
        {locked && (
          <span className="profile-card-lock">
            <LockIcon />
            <span className="visually-hidden">{t('members.card.locked')}</span>
          </span>
        )}
      </div>
      <div className="profile-card-badges">
        {profile.premium && <span className="profile-card-premium">{t('members.card.premium')}</span>}
        {fictional && (
          <span
            className="profile-card-fictional"
            role="img"
            aria-label={fictionalLabel}
            title={fictionalLabel}
          >
            {settings.fictional_icon}
          </span>
        )}
      </div>
      <figcaption>
        <strong>
          {profile.online && (
            <span className="profile-card-online">
              <span className="visually-hidden">{t('members.card.online')}</span>
            </span>
          )}
          {profile.name}, {profile.age}
        </strong>
        {profile.region && <span className="profile-card-region">{profile.region}</span>}
      </figcaption>
    </figure>
  );
  return to ? (
    <Link to={to} className="profile-card-link">
      {card}
    </Link>
  ) : (
    card
  );
}
