import { createContext, type ReactNode, useContext, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ProfileCard } from '../../../common/api/profile';
import { NICHES, type Niche } from '../../../common/constants';
import type { LANDER_NAMES } from '../../../common/rules/landers';
import { useSettings, useShowcase } from '../../api/site';

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

/** The one thing a lander asks for: signup (SPEC §2: a modal on wide screens, the page on phones). */
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
