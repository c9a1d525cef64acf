import { matchRoutes } from 'react-router';
import { LIKE_TYPES, type Niche } from '../constants';
import { isInfoPage } from './info-pages';
import { landerNiche, memberIdOf, memberLandingOf } from './landers';

/**
 * Every address the app has a screen for, as React Router patterns: the paths of web/screen-table.ts
 * (web/screen-table.test.ts holds the two lists equal) and the console's. The server answers any
 * other address 404, with the app's 404 page.
 */
export const PAGE_PATTERNS = [
  '/',
  '/members',
  '/pages/:page',
  '/lang-config',
  '/notifications',
  '/settings',
  '/settings/delete-account',
  '/account-deleted',
  '/me',
  '/profile',
  '/members/:id',
  '/promo/:id',
  '/likes/m/:id',
  '/activate/done',
  '/activate/error',
  '/reset-password',
  '/reset-password/do',
  '/mail-change/do',
  '/unsubscribe/:token',
  '/signup',
  '/complete-signup',
  '/signup-matches',
  '/login',
  '/likes',
  '/likes/:type',
  '/complaints',
  '/reports',
  '/match-finder',
  '/swipe-game',
  '/chats',
  '/chats/:id',
  '/members/:id/chat',
  '/transactions',
  '/transactions/:id',
  '/directdebit',
  '/premium',
  '/pricing',
  '/credits',
  '/credits/repeat-order',
  '/credits/:id/:paymentmethod?',
  '/landers/:lander/:slug?',
  '/members/:id/:variant/:slug?',
  '/:token',
] as const;

/** The console routes its own addresses. */
const CONSOLE = '/admin/*';

/**
 * What an address is, as far as it says itself: no page (the app shows its 404 page), a page, or a
 * page about one member, whose existence then decides (an unknown member's page is the 404 page
 * too). The checks are those the screens make of their addresses before asking for any data.
 */
export type PageAddress =
  | { page: 'none' }
  | { page: 'shown' }
  | { page: 'member-landing'; member: number }
  | { page: 'member'; member: number };

const positiveId = (value: string | undefined, digits: number) =>
  new RegExp(`^\\d{1,${digits}}$`).test(value ?? '') && Number(value) > 0;

export function readAddress(pathname: string, siteNiche: Niche): PageAddress {
  const routes = [...PAGE_PATTERNS, CONSOLE].map((path) => ({ path }));
  const match = matchRoutes(routes, pathname)?.[0];
  if (!match) return { page: 'none' };
  const p = match.params;
  const shownIf = (ok: boolean): PageAddress => (ok ? { page: 'shown' } : { page: 'none' });
  switch (match.route.path) {
    case '/pages/:page':
      return shownIf(isInfoPage(p.page));
    case '/:token':
      return shownIf(isInfoPage(p.token));
    case '/landers/:lander/:slug?':
      return shownIf(landerNiche(p.lander ?? '', p.slug, siteNiche) !== null);
    case '/members/:id/:variant/:slug?': {
      const landing = memberLandingOf(p, siteNiche);
      return landing ? { page: 'member-landing', member: landing.id } : { page: 'none' };
    }
    case '/members/:id':
    case '/likes/m/:id': {
      const id = memberIdOf(p.id);
      return id > 0 ? { page: 'member', member: id } : { page: 'none' };
    }
    case '/likes/:type':
      return shownIf((LIKE_TYPES as readonly string[]).includes(p.type ?? ''));
    case '/chats/:id':
    case '/members/:id/chat':
      return shownIf(positiveId(p.id, 15));
    case '/promo/:id':
      return shownIf(positiveId(p.id, 9));
    default:
      return { page: 'shown' };
  }
}
