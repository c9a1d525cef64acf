/**
 * The screens a visitor is likely to open next, by name, and the module each is (as web/screen-table.ts
 * and web/routes.tsx load it; the Vite manifest's key). The server names their built files in the
 * page (server/infra/ssr/prefetch-files.ts); web/state/prefetch.ts picks among them.
 */
export const LIKELY_SCREENS = {
  members: 'screens/members/MembersScreen.tsx',
  member: 'screens/member/MemberProfileScreen.tsx',
  chats: 'screens/chats/ChatsScreen.tsx',
  likes: 'screens/likes/LikesScreen.tsx',
  signupPage: 'screens/signup/SignupScreen.tsx',
  signupModal: 'screens/signup/SignupModal.tsx',
  login: 'screens/login/LoginScreen.tsx',
  // Without a browser back button, the installed app's top bar gets its own (TopBar.tsx).
  backButton: 'components/BackButton.tsx',
} as const;

export type LikelyScreen = keyof typeof LIKELY_SCREENS;

/** The id of the page's JSON block that lists each likely screen's files. */
export const PREFETCH_FILES_ID = 'prefetch-files';
