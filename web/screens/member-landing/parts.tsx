import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MemberProfile } from '../../../common/api/member';
import type { LandingVariant } from '../../../common/rules/landers';
import { useSettings } from '../../api/site';
import { storeSignupNext } from '../../state/signup-next';
import { HeroImage, type NicheName, useNicheTexts } from '../landers/kit';

/**
 * What every variant gets: the member (null where the site shows profiles to members only), the
 * niche of the page (its slug's, else the site's) and where the visitor goes after signup.
 */
export type LandingProps = { profile: MemberProfile | null; niche: NicheName; next: string };
/** The props of a variant that shows the member (the screen shows HiddenMember otherwise). */
export type ShownProps = LandingProps & { profile: MemberProfile };

/** After signup: the profile-style landing leads to the member's profile, the others to the chat. */
export function afterSignupPath(id: number, variant: LandingVariant): string {
  return variant === 'landing2' ? `/members/${id}` : `/members/${id}/chat`;
}

/**
 * The landing's way in: /signup (a modal on wide screens, the page on phones), remembering where
 * the new member goes once signed up (web/state/signup-next.ts).
 */
export function LandingCta({
  next,
  className = 'btn btn-primary btn-lg',
  children,
}: {
  next: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Link to="/signup" className={className} onClick={() => storeSignupNext(next)}>
      {children}
    </Link>
  );
}

export const LockIcon = () => (
  <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
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

const PinIcon = () => (
  <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
    <path
      d="M12 21s-7-6.2-7-11.5A7 7 0 0 1 19 9.5C19 14.8 12 21 12 21zm0-9a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z"
      fill="currentColor"
    />
  </svg>
);

/**
 * The member's main photo: 640×800 (`large`) or the 320×400 thumbnail. A premium photo this
 * visitor may not see arrives blurred already; it carries the lock and says so.
 */
export function MemberPhoto({
  profile,
  size = 'large',
  priority = false,
  sizes,
  className = '',
}: {
  profile: MemberProfile;
  size?: 'large' | 'thumb';
  priority?: boolean;
  sizes?: string;
  className?: string;
}) {
  const { t } = useTranslation();
  const image = profile.main_image;
  const [width, height] = size === 'large' ? [640, 800] : [320, 400];
  return (
    <div className={`ml-photo ${image?.locked ? 'is-locked' : ''} ${className}`}>
      {image ? (
        <img
          src={size === 'large' ? image.filename : image.thumb_filename}
          // The large photo may be drawn small on phones: the thumbnail then does.
          srcSet={size === 'large' ? `${image.thumb_filename} 320w, ${image.filename} 640w` : undefined}
          sizes={size === 'large' ? sizes : undefined}
          alt={t('profile.photoOf', { name: profile.name })}
          width={width}
          height={height}
          decoding="async"
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : 'auto'}
        />
      ) : (
        <span className="ml-photo-initial" role="img" aria-label={t('memberProfile.photos.none')}>
          {profile.name.slice(0, 1)}
        </span>
      )}
      {image?.locked && (
        <span className="ml-photo-lock">
          <LockIcon />
          <span>{t('memberProfile.photos.locked')}</span>
        </span>
      )}
    </div>
  );
}

/** Region, online now and premium: only what the profile says. */
export function MemberMeta({
  profile,
  className = 'ml-meta',
}: {
  profile: MemberProfile;
  className?: string;
}) {
  const { t } = useTranslation();
  if (!profile.region && !profile.online && !profile.premium) return null;
  return (
    <p className={className}>
      {profile.region && (
        <span className="ml-meta-region">
          <PinIcon />
          {profile.region}
        </span>
      )}
      {profile.online && (
        <span className="ml-meta-online">
          <span className="ml-online-dot" aria-hidden="true" />
          {t('memberProfile.online')}
        </span>
      )}
      {profile.premium && <span className="ml-meta-premium">{t('memberProfile.premium')}</span>}
    </p>
  );
}

/** Honest by construction: a profile the site flags fictional carries the site's disclosure. */
export function FictionalNote({ profile }: { profile: MemberProfile }) {
  const settings = useSettings();
  if (!profile.fictional || !settings.fictional_warning) return null;
  return (
    <p className="ml-fictional">
      {settings.fictional_icon && <span aria-hidden="true">{settings.fictional_icon} </span>}
      {settings.fictional_warning}
    </p>
  );
}

/**
 * The profile view's details (DETAIL_FIELDS of common/profile-options.ts, in its order) less age and
 * gender, which the landing shows otherwise. Listed here rather than imported: that module brings
 * the zod schemas along, which a landing has no use for.
 */
const DETAILS = [
  'sexuality',
  'relationship_status',
  'reason',
  'body_type',
  'hair_colour',
  'eye_colour',
  'tattoos',
] as const satisfies readonly (keyof MemberProfile)[];

/** The site's visible profile fields this member filled in, in the reader's language. */
export function useDetails(profile: MemberProfile, limit: number = DETAILS.length) {
  const { t } = useTranslation();
  const settings = useSettings();
  const shown = new Set<string>(settings.visible_profile_fields);
  return DETAILS.filter((f) => shown.has(f))
    .flatMap((field) => {
      const value = profile[field];
      return value
        ? [{ field, label: t(`memberProfile.fields.${field}`), value: t(`profile.${field}.${value}`) }]
        : [];
    })
    .slice(0, limit);
}

/** The member's own words, where the site shows profile notes and the member wrote some. */
export function aboutOf(profile: MemberProfile): string | null {
  const about = profile.about?.trim();
  return about ? about : null;
}

/**
 * Where the site shows profiles to members only (403 for visitors): the niche's picture and
 * headline, and signup, which still leads to this member afterwards. `children` replaces the
 * call to action (the signup landing puts its form there).
 */
export function HiddenMember({
  niche,
  next,
  children,
}: Omit<LandingProps, 'profile'> & { children?: ReactNode }) {
  const { t } = useTranslation();
  const settings = useSettings();
  const texts = useNicheTexts(niche);
  const toChat = next.endsWith('/chat');
  return (
    <article className={`ml ml-hidden niche-${niche}`} aria-labelledby="ml-title">
      <div className="ml-hidden-hero">
        <HeroImage niche={niche} priority className="ml-hidden-image" />
        <div className="ml-hidden-scrim">
          <div className="container">
            <h1 id="ml-title">{texts.title}</h1>
            <p className="lead">{texts.subtitle}</p>
          </div>
        </div>
      </div>
      <div className="container ml-hidden-body">
        <p className="ml-hidden-text">
          {t(toChat ? 'memberLanding.hidden.toChat' : 'memberLanding.hidden.toProfile', {
            site: settings.name,
          })}
        </p>
        {children ?? (
          <>
            <LandingCta next={next}>{t('landers.cta')}</LandingCta>
            <p className="ml-note">{t('home.free')}</p>
          </>
        )}
      </div>
    </article>
  );
}
