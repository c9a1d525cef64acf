import { matchRoutes } from 'react-router';

/**
 * The screen modules each page of the app renders (their keys in Vite's manifest), as
 * web/screen-table.ts imports them lazily: a page names their chunks in its head, so the browser
 * fetches them with the entry instead of after it (entry → screen → data, one after another).
 * The payments and account areas are one lazy module each in front of their screens. Pages not
 * listed name none. screen-modules.test.ts holds this list to the route table.
 */
export const SCREEN_MODULES: [pattern: string, modules: string[]][] = [
  ['/', ['screens/home/HomeScreen.tsx']],
  ['/members', ['screens/members/MembersScreen.tsx']],
  ['/members/:id', ['screens/member/MemberProfileScreen.tsx']],
  ['/pages/:page', ['screens/pages/InfoPageScreen.tsx']],
  ['/login', ['screens/login/LoginScreen.tsx']],
  ['/signup', ['screens/signup/SignupScreen.tsx']],
  ['/me', ['screens/me/MeScreen.tsx']],
  ['/profile', ['screens/profile/ProfileScreen.tsx']],
  ['/likes', ['screens/likes/LikesScreen.tsx']],
  ['/likes/:type', ['screens/likes/LikesScreen.tsx']],
  ['/match-finder', ['screens/match-finder/MatchFinderScreen.tsx']],
  ['/swipe-game', ['screens/swipe-game/SwipeGameScreen.tsx']],
  ['/chats', ['screens/chats/ChatsScreen.tsx']],
  ['/chats/:id', ['screens/chats/ChatScreen.tsx']],
  ['/members/:id/chat', ['screens/chats/ChatScreen.tsx']],
  ['/credits', ['screens/payments-area.tsx', 'screens/credits/CreditsScreen.tsx']],
  ['/premium', ['screens/payments-area.tsx', 'screens/premium/PremiumScreen.tsx']],
  ['/pricing', ['screens/payments-area.tsx', 'screens/premium/PricingScreen.tsx']],
  [
    '/members/:id/:variant/:slug?',
    ['layouts/LanderLayout.tsx', 'screens/member-landing/MemberLandingScreen.tsx'],
  ],
  ['/:token', ['screens/pages/InfoPageScreen.tsx']],
];

const ROUTES = SCREEN_MODULES.map(([path]) => ({ path }));

/** The screen modules of a page's address (none for a page not listed). */
export function screenModulesOf(pathname: string): string[] {
  const match = matchRoutes(ROUTES, pathname)?.[0]?.route;
  return (match && SCREEN_MODULES[ROUTES.indexOf(match)]?.[1]) ?? [];
}
