/** The phone's tab bar: its tabs, in order, and where each one leads. */
export const TABS = [
  { name: 'discover', to: '/members' },
  { name: 'swipe', to: '/swipe-game' },
  { name: 'likes', to: '/likes' },
  { name: 'chats', to: '/chats' },
  { name: 'me', to: '/me' },
] as const;
export type TabName = (typeof TABS)[number]['name'];

/** Screens (route names) that belong to a tab besides its own: the tab stays marked there. */
const ROUTE_TAB: Record<string, TabName> = {
  members: 'discover',
  'members-id': 'discover',
  promo: 'discover',
  'swipe-game': 'swipe',
  'match-finder': 'swipe',
  likes: 'likes',
  'likes-type': 'likes',
  'likes-m-id': 'likes',
  chats: 'chats',
  me: 'me',
  profile: 'me',
  settings: 'me',
  notifications: 'me',
  'settings-delete-account': 'me',
  transactions: 'me',
  'transactions-id': 'me',
  reports: 'me',
  complaints: 'me',
  credits: 'me',
  'credits-repeat-order': 'me',
  'credits-id-paymentmethod': 'me',
  premium: 'me',
  pricing: 'me',
  directdebit: 'me',
};

/** The tab marked as current on a screen, or none (info pages, the 404 page). */
export function tabOf(routeName: string): TabName | null {
  return ROUTE_TAB[routeName] ?? null;
}
