import fs from 'node:fs';
import path from 'node:path';
import { FALLBACK_LOCALE, NICHES, type Niche } from '../../../common/constants';
import { CATALOG_PARTS } from '../../../common/locales/parts';
import { type LANDER_NAMES, landerOf, nicheOfSlug } from '../../../common/rules/landers';
import { HERO_SIZES } from '../../../common/rules/niches';
import { screenModulesOf } from './screen-modules';

/**
 * What a page's first render needs beyond the entry, named in the page itself so the browser fetches
 * it all at once instead of one round trip after another (entry → catalog, entry → layout → screen →
 * lander → hero picture). Paid traffic on a slow phone sees the lander about a second sooner.
 */

type ManifestChunk = { file: string; imports?: string[]; css?: string[]; isEntry?: boolean };
export type Manifest = Record<string, ManifestChunk>;

/** The Vite build's manifest (dist/web/.vite/manifest.json), or null for a page without one. */
export function readManifest(webDir: string): Manifest | null {
  try {
    return JSON.parse(fs.readFileSync(path.join(webDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  } catch {
    return null;
  }
}

/** The module each lander is (web/screens/landers/LanderScreen.tsx imports the same files). */
export const LANDER_MODULES: Record<(typeof LANDER_NAMES)[number], string> = {
  tinderswipe: 'TinderSwipeLander',
  alonetonight: 'AloneTonightLander',
  collagelanding: 'CollageLander',
  gallery: 'GalleryLander',
  iconslanding: 'IconsLander',
  maplanding: 'MapLander',
  socialnetwork: 'SocialNetworkLander',
  transitionsvideolanding: 'TransitionsVideoLander',
  video: 'VideoLander',
};

type Page = { modules: string[]; hero: { niche: Niche; sizes: string } | null };

function pageOf(pathname: string, siteNiche: Niche): Page {
  const lander = landerOf(pathname);
  const hero = (niche: Niche | null) => {
    const sizes = HERO_SIZES[lander];
    return sizes && niche ? { niche, sizes } : null;
  };
  if (lander.startsWith('landers/')) {
    const [, , name = '', slug] = pathname.split('/');
    return {
      modules: [
        'layouts/LanderLayout.tsx',
        'screens/landers/LanderScreen.tsx',
        `screens/landers/${LANDER_MODULES[name as keyof typeof LANDER_MODULES]}.tsx`,
      ],
      hero: hero(nicheOfSlug(slug, siteNiche)),
    };
  }
  return { modules: screenModulesOf(pathname), hero: lander === 'home' ? hero(siteNiche) : null };
}

const attr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/** The <link> tags for one page: its language's catalogs, its screen's chunks, its hero picture. */
export function preloadTags(
  manifest: Manifest | null,
  request: { pathname: string; locale: string; siteNiche: Niche },
): string {
  if (!manifest) return '';
  const tags: string[] = [];
  // Both parts of the catalog (common/locales/parts.ts): every page draws a screen in its shell.
  for (const lng of new Set([request.locale, FALLBACK_LOCALE]))
    for (const part of CATALOG_PARTS) {
      const catalog = manifest[`../common/locales/${part}/${lng}.json`];
      if (catalog) tags.push(`<link rel="preload" as="fetch" crossorigin href="/${catalog.file}">`);
    }
  // The entry's own imports are in the page already (Vite lists them); only what the screen adds.
  const inPage = new Set<string>();
  const collect = (key: string, into: Set<string>) => {
    if (into.has(key) || !manifest[key]) return;
    into.add(key);
    for (const i of manifest[key].imports ?? []) collect(i, into);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) collect(key, inPage);
  const page = pageOf(request.pathname, request.siteNiche);
  const needed = new Set<string>();
  for (const m of page.modules) collect(m, needed);
  for (const key of needed) {
    if (inPage.has(key)) continue;
    const chunk = manifest[key] as ManifestChunk;
    for (const css of chunk.css ?? []) tags.push(`<link rel="stylesheet" crossorigin href="/${css}">`);
    tags.push(`<link rel="modulepreload" crossorigin href="/${chunk.file}">`);
  }
  if (page.hero) {
    const name = NICHES[page.hero.niche];
    tags.push(
      `<link rel="preload" as="image" fetchpriority="high" href="/hero/${name}-1280.webp" imagesrcset="/hero/${name}-640.webp 640w, /hero/${name}-1280.webp 1280w" imagesizes="${attr(page.hero.sizes)}">`,
    );
  }
  return tags.join('');
}
