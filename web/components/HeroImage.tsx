import type { NICHES, Niche } from '../../common/constants';

type NicheName = (typeof NICHES)[Niche];

/** The niche's hero picture, drawn on the server like the demo photos (server/services/sites/hero-images.ts). */
export const heroUrl = (niche: NicheName, width: 640 | 1280) => `/hero/${niche}-${width}.webp`;

/**
 * The niche's hero picture, 16:9, for the home page and the landers. `priority`: it is the page's
 * largest paint, so the browser fetches it first; otherwise it loads when scrolled near.
 */
export function HeroImage({
  niche,
  className,
  priority = false,
  sizes = '100vw',
}: {
  niche: NicheName;
  className?: string;
  priority?: boolean;
  sizes?: string;
}) {
  return (
    <img
      className={className}
      src={heroUrl(niche, 1280)}
      srcSet={`${heroUrl(niche, 640)} 640w, ${heroUrl(niche, 1280)} 1280w`}
      sizes={sizes}
      width={1280}
      height={720}
      alt=""
      decoding="async"
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
    />
  );
}
