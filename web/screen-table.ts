import { type ComponentType, lazy } from 'react';
import { lazyScreen } from './state/chunk-reload';

/** What a route tells the shell about itself (its route name). */
export type RouteHandle = {
  name: string;
  /** Catalog key of the page title; the home page uses the site's index_title instead. */
  title?: string;
  /** False where the entry warning must not show (complete-signup, reset-password…). */
  entryWarning?: boolean;
  /** False where the language dropdown is hidden (complete-signup). */
  languageMenu?: boolean;
};

export type Layout = 'default' | 'chat' | 'lander';
export type ScreenRoute = { path: string; handle: RouteHandle; layout: Layout; Screen: ComponentType };

const screen = (load: () => Promise<{ default: ComponentType }>) => lazy(lazyScreen(load));
const InfoPage = screen(() => import('./screens/pages/InfoPageScreen'));
const Settings = screen(() => import('./screens/settings/SettingsScreen'));
const MemberProfile = screen(() => import('./screens/member/MemberProfileScreen'));
const Likes = screen(() => import('./screens/likes/LikesScreen'));
const Chat = screen(() => import('./screens/chats/ChatScreen'));
const PaymentsArea = screen(() => import('./screens/payments-area'));
const AccountArea = screen(() => import('./screens/account-area'));
const Lander = screen(() => import('./screens/landers/LanderScreen'));
const landerHandle: RouteHandle = { name: 'landers', title: 'landers.pageTitle' };

/**
 * The route table: path, name and layout of every screen, each screen its own lazy
 * chunk. Each capability adds its screens here; a path whose capability is not built yet falls
 * through to the 404 page. The Chat layout takes the chat screens, the Lander layout the landers
 * and member landings, the Default layout everything else.
 */
export const SCREENS: ScreenRoute[] = [
  {
    path: '/',
    layout: 'default',
    handle: { name: 'index' },
    Screen: screen(() => import('./screens/home/HomeScreen')),
  },
  {
    path: '/members',
    layout: 'default',
    handle: { name: 'members', title: 'members.title' },
    Screen: screen(() => import('./screens/members/MembersScreen')),
  },
  { path: '/pages/:page', layout: 'default', handle: { name: 'pages' }, Screen: InfoPage },
  {
    path: '/lang-config',
    layout: 'default',
    handle: { name: 'lang-config', title: 'langConfig.title' },
    Screen: screen(() => import('./screens/lang-config/LangConfigScreen')),
  },
  {
    path: '/notifications',
    layout: 'default',
    handle: { name: 'notifications', title: 'settings.title' },
    Screen: Settings,
  },
  {
    path: '/settings',
    layout: 'default',
    handle: { name: 'settings', title: 'settings.title' },
    Screen: Settings,
  },
  {
    path: '/settings/delete-account',
    layout: 'default',
    handle: { name: 'settings-delete-account', title: 'deleteAccount.title' },
    Screen: screen(() => import('./screens/settings/DeleteAccountScreen')),
  },
  {
    path: '/account-deleted',
    layout: 'default',
    handle: { name: 'account-deleted', title: 'accountDeleted.title' },
    Screen: screen(() => import('./screens/account-deleted/AccountDeletedScreen')),
  },
  {
    path: '/me',
    layout: 'default',
    handle: { name: 'me', title: 'me.title' },
    Screen: screen(() => import('./screens/me/MeScreen')),
  },
  {
    path: '/profile',
    layout: 'default',
    handle: { name: 'profile', title: 'profileEdit.title' },
    Screen: screen(() => import('./screens/profile/ProfileScreen')),
  },
  {
    path: '/members/:id',
    layout: 'default',
    handle: { name: 'members-id', title: 'memberProfile.title' },
    Screen: MemberProfile,
  },
  {
    path: '/promo/:id',
    layout: 'default',
    handle: { name: 'promo', title: 'promoProfile.pageTitle' },
    Screen: screen(() => import('./screens/promo/PromoScreen')),
  },
  {
    path: '/likes/m/:id',
    layout: 'default',
    handle: { name: 'likes-m-id', title: 'memberProfile.title' },
    Screen: MemberProfile,
  },
  {
    path: '/activate/done',
    layout: 'default',
    handle: { name: 'activate-done', title: 'accountMail.activateDone.title' },
    Screen: AccountArea,
  },
  {
    path: '/activate/error',
    layout: 'default',
    handle: { name: 'activate-error', title: 'accountMail.activateError.title' },
    Screen: AccountArea,
  },
  {
    path: '/reset-password',
    layout: 'default',
    handle: { name: 'reset-password', title: 'accountMail.resetRequest.title', entryWarning: false },
    Screen: AccountArea,
  },
  {
    path: '/reset-password/do',
    layout: 'default',
    handle: { name: 'reset-password-do', title: 'accountMail.resetDo.title', entryWarning: false },
    Screen: AccountArea,
  },
  {
    path: '/mail-change/do',
    layout: 'default',
    handle: { name: 'mail-change-do', title: 'accountMail.mailChangeDo.title' },
    Screen: AccountArea,
  },
  {
    path: '/unsubscribe/:token',
    layout: 'default',
    handle: { name: 'unsubscribe', title: 'unsubscribe.title' },
    Screen: AccountArea,
  },
  {
    path: '/signup',
    layout: 'default',
    handle: { name: 'signup', title: 'signup.title' },
    Screen: screen(() => import('./screens/signup/SignupScreen')),
  },
  {
    path: '/complete-signup',
    layout: 'default',
    handle: {
      name: 'complete-signup',
      title: 'completeSignup.pageTitle',
      entryWarning: false,
      languageMenu: false,
    },
    Screen: screen(() => import('./screens/signup/CompleteSignupScreen')),
  },
  {
    path: '/signup-matches',
    layout: 'default',
    handle: { name: 'signup-matches', title: 'signupMatches.title' },
    Screen: screen(() => import('./screens/signup/SignupMatchesScreen')),
  },
  {
    path: '/login',
    layout: 'default',
    handle: { name: 'login', title: 'login.title' },
    Screen: screen(() => import('./screens/login/LoginScreen')),
  },
  { path: '/likes', layout: 'default', handle: { name: 'likes', title: 'likes.title' }, Screen: Likes },
  {
    path: '/likes/:type',
    layout: 'default',
    handle: { name: 'likes-type', title: 'likes.title' },
    Screen: Likes,
  },
  {
    path: '/complaints',
    layout: 'default',
    handle: { name: 'complaints', title: 'complaints.title' },
    Screen: screen(() => import('./screens/complaints/ComplaintsScreen')),
  },
  {
    path: '/reports',
    layout: 'default',
    handle: { name: 'reports', title: 'reports.list.title' },
    Screen: screen(() => import('./screens/reports/ReportsScreen')),
  },
  {
    path: '/match-finder',
    layout: 'default',
    handle: { name: 'match-finder', title: 'matchFinder.title' },
    Screen: screen(() => import('./screens/match-finder/MatchFinderScreen')),
  },
  {
    path: '/swipe-game',
    layout: 'default',
    handle: { name: 'swipe-game', title: 'swipeGame.title' },
    Screen: screen(() => import('./screens/swipe-game/SwipeGameScreen')),
  },
  {
    path: '/chats',
    layout: 'chat',
    handle: { name: 'chats', title: 'chats.title' },
    Screen: screen(() => import('./screens/chats/ChatsScreen')),
  },
  { path: '/chats/:id', layout: 'chat', handle: { name: 'chats-id', title: 'chat.title' }, Screen: Chat },
  {
    path: '/members/:id/chat',
    layout: 'chat',
    handle: { name: 'members-id-chat', title: 'chat.title' },
    Screen: Chat,
  },
  {
    path: '/transactions',
    layout: 'default',
    handle: { name: 'transactions', title: 'transactions.title' },
    Screen: PaymentsArea,
  },
  {
    path: '/transactions/:id',
    layout: 'default',
    handle: { name: 'transactions-id', title: 'transactions.detail.title' },
    Screen: PaymentsArea,
  },
  {
    path: '/directdebit',
    layout: 'default',
    handle: { name: 'directdebit', title: 'directDebit.title' },
    Screen: PaymentsArea,
  },
  {
    path: '/premium',
    layout: 'default',
    handle: { name: 'premium', title: 'premium.title' },
    Screen: PaymentsArea,
  },
  {
    path: '/pricing',
    layout: 'default',
    handle: { name: 'pricing', title: 'pricing.title' },
    Screen: PaymentsArea,
  },
  {
    path: '/credits',
    layout: 'default',
    handle: { name: 'credits', title: 'credits.title' },
    Screen: PaymentsArea,
  },
  {
    path: '/credits/repeat-order',
    layout: 'default',
    handle: { name: 'credits-repeat-order', title: 'credits.repeat.title' },
    Screen: PaymentsArea,
  },
  {
    path: '/credits/:id/:paymentmethod?',
    layout: 'default',
    handle: { name: 'credits-id-paymentmethod', title: 'credits.payment.title' },
    Screen: PaymentsArea,
  },
  // The landers of paid traffic and the landings built around one member (Lander layout).
  // One route each: the screens check the name, variant and slug themselves (404 otherwise).
  { path: '/landers/:lander/:slug?', layout: 'lander', handle: landerHandle, Screen: Lander },
  {
    path: '/members/:id/:variant/:slug?',
    layout: 'lander',
    handle: { name: 'members-id-landing', title: 'memberLanding.pageTitle' },
    Screen: screen(() => import('./screens/member-landing/MemberLandingScreen')),
  },
  { path: '/:token', layout: 'default', handle: { name: 'token' }, Screen: InfoPage },
];

export const NOT_FOUND_HANDLE: RouteHandle = { name: 'not-found', title: 'error.pageNotFound' };
