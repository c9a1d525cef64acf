import { createContext, type ReactNode, useContext, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ProfileCard } from '../../../common/api/profile';
import { NICHES, type Niche } from '../../../common/constants';
import type { LANDER_NAMES } from '../../../common/rules/landers';
import { useSettings, useShowcase } from '../../api/site';
import { showsFictional } from '../../components/ProfileCardView';

export type LanderName = (typeof LANDER_NAMES)[number];
export type NicheName = (typeof NICHES)[Niche];

/** What every lander knows: which it is, and the niche its slug (or the site) picked. */
export type LanderInfo = { lander: LanderName; niche: Niche; nicheName: NicheName; slug?: string };

const LanderContext = createContext<LanderInfo | null>(null);
export const LanderProvider = LanderContext.Provider;

export function useLander(): LanderInfo {
  const info = useContext(LanderContext);
  if (!info) throw new Error('useLander outside a lander');
  return info;
}

export const nicheName = (niche: Niche): NicheName => NICHES[niche];

export { HeroImage, heroUrl } from '../../components/HeroImage';

/** The niche's headline and line (the home page's texts, in every language). */
export function useNicheTexts(niche: NicheName) {
  const { t } = useTranslation();
  const settings = useSettings();
  return {
    title: t(`home.hero.${niche}.title`),
    subtitle: t(`home.hero.${niche}.subtitle`, { site: settings.name }),
  };
}

/** The one thing a lander asks for: signup (a modal on wide screens, the page on phones). */
export function SignupCta({
  className = 'btn btn-primary btn-lg',
  children,
}: {
  className?: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Link to="/signup" className={className}>
      {children ?? t('landers.cta')}
    </Link>
  );
}

/**
 * Real members for a lander, its niche's audience first, from the visitor's country. `profiles` is
 * empty while loading and where the site shows no members to visitors (then a lander shows its
 * pictures and texts only).
 */
export function useLanderMembers(count: number): { profiles: ProfileCard[]; loading: boolean } {
  const { niche } = useLander();
  const { data, isPending } = useShowcase({ niche, count });
  return { profiles: data?.allowed ? data.profiles : [], loading: isPending };
}

/**
 * Whether a media query matches (reduced motion, a wide screen), kept up to date. False on the
 * server and while the browser hydrates the server's drawing, so both draw the same first frame.
 */
export function useMedia(query: string): boolean {
  return useSyncExternalStore(
    (changed) => {
      const list = window.matchMedia?.(query);
      list?.addEventListener?.('change', changed);
      return () => list?.removeEventListener?.('change', changed);
    },
    () => window.matchMedia?.(query).matches === true,
    () => false,
  );
}

export const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/** Honest by construction: the site's words, once, below cards of fictional profiles. */
export function FictionalNote({ profiles, className }: { profiles: ProfileCard[]; className: string }) {
  const settings = useSettings();
  if (!profiles.some((p) => showsFictional(p, settings))) return null;
  return (
    <p className={className}>
      <span aria-hidden="true">{settings.fictional_icon}</span> {settings.fictional_warning}
    </p>
  );
}

/** The site's fictional-profile icon on a member's picture, named for screen readers. */
export function FictionalBadge({ profile, className }: { profile: ProfileCard; className: string }) {
  const settings = useSettings();
  if (!showsFictional(profile, settings)) return null;
  const label = settings.fictional_singular ?? settings.fictional_warning ?? '';
  return (
    <span className={className} role="img" aria-label={label} title={label}>
      {settings.fictional_icon}
    </span>
  );
}

/** The play/pause control's icons (the video landers' motion). */
export const PauseIcon = () => (
  <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
    <path fill="currentColor" d="M7 5h3.5v14H7zM13.5 5H17v14h-3.5z" />
  </svg>
);

export const PlayIcon = () => (
  <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
    <path
      fill="currentColor"
      d="M8 5.5v13a.5.5 0 0 0 .77.42l10-6.5a.5.5 0 0 0 0-.84l-10-6.5A.5.5 0 0 0 8 5.5Z"
    />
  </svg>
);
