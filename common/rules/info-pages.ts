/** The static information pages (/pages/<slug>, also reachable as /<slug>). */
export const INFO_PAGES = ['terms', 'privacy', 'cookies', 'ban', 'faq', 'service', 'return-policy'] as const;
export type InfoPage = (typeof INFO_PAGES)[number];

export function isInfoPage(value: string | undefined): value is InfoPage {
  return (INFO_PAGES as readonly string[]).includes(value ?? '');
}

/** The catalog key of a page (return-policy → returnPolicy). */
export const infoPageKey = (page: InfoPage) => page.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());

/** The information page an address shows (`/pages/faq` and `/faq`), or undefined for any other. */
export function infoPageOf(pathname: string): InfoPage | undefined {
  const slug = /^\/(?:pages\/)?([a-z-]+)\/?$/.exec(pathname.split(/[?#]/, 1)[0] ?? '')?.[1];
  return isInfoPage(slug) ? slug : undefined;
}
