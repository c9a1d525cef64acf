import { BACKGROUND_COLOUR, type IconFileName, iconPath, iconSetFor } from '../services/sites/app-icons';
import type { Site } from '../services/sites/sites';

/** Launchers cut longer names off (Chrome's guidance: at most 12 characters). */
const SHORT_NAME_MAX = 12;

/** The site's name, or as many of its first words as fit, or its first characters. */
export function shortName(name: string): string {
  if (name.length <= SHORT_NAME_MAX) return name;
  let out = '';
  for (const word of name.split(/\s+/)) {
    const next = out ? `${out} ${word}` : word;
    if (next.length > SHORT_NAME_MAX) break;
    out = next;
  }
  return out || name.slice(0, SHORT_NAME_MAX);
}

/** The web app manifest of a site (installed-app mode): its name, language, colours, icons. */
export function manifestFor(site: Site) {
  const s = site.settings;
  const icons = iconSetFor(site);
  const icon = (file: IconFileName, size: number, purpose: 'any' | 'maskable') => ({
    src: iconPath(icons, file),
    sizes: `${size}x${size}`,
    type: 'image/png',
    purpose,
  });
  return {
    id: '/',
    name: s.name,
    short_name: shortName(s.name),
    ...(s.description ? { description: s.description } : {}),
    // nl_NL → nl-NL (BCP 47).
    lang: s.domain_language.replace('_', '-'),
    dir: 'ltr',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: icons.colour,
    background_color: BACKGROUND_COLOUR,
    icons: [
      icon('any-192.png', 192, 'any'),
      icon('any-512.png', 512, 'any'),
      icon('maskable-512.png', 512, 'maskable'),
    ],
  };
}
