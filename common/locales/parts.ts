/**
 * The browser gets the app's catalog of a language (common/locales/<lng>.json) in two parts, cut
 * at build time (vite.config.ts): the shell's groups, which the first render waits for, and the
 * screens' groups, which each lazily loaded screen waits for while its own chunk arrives
 * (web/state/chunk-reload.ts). Translators keep one file per language; this list decides the cut.
 *
 * The shell's groups are those the entry chunk's components use and the parts it loads lazily
 * itself (top bar menus, tab bar, banners, entry warning, footer, error page, match moment…);
 * common/locales/parts.test.ts finds them in the code and fails when one is missing here.
 */
export const SHELL_GROUPS: readonly string[] = [
  'account',
  'accountMail',
  'chats',
  'disclaimer',
  'emailOff',
  'entryWarning',
  'error',
  'footer',
  'home',
  'likeModal',
  'matchMoment',
  'nav',
  'notices',
  'offlineNotice',
  'photoAlert',
  'profile',
  'pushAlert',
  'realtime',
  'reports',
  'shell',
  'timeBonus',
  'unavailableNotice',
  'usFooter',
  'validation',
  'welcome',
];

/** The two parts, as i18next namespaces: `translation` (the shell's) falls back to `screens`. */
export const CATALOG_PARTS = ['translation', 'screens'] as const;
export type CatalogPart = (typeof CATALOG_PARTS)[number];

/** One part of a language's catalog: its groups, in the catalog's order. */
export function catalogPart(catalog: Record<string, unknown>, part: CatalogPart): Record<string, unknown> {
  const shell = new Set(SHELL_GROUPS);
  return Object.fromEntries(
    Object.entries(catalog).filter(([group]) => shell.has(group) === (part === 'translation')),
  );
}
