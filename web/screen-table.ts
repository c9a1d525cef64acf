import { type ComponentType, lazy } from 'react';
import { lazyImport } from './state/chunk-reload';

/** What a route tells the shell about itself (route names of SPEC §2). */
export type RouteHandle = {
  name: string;
  /** Catalog key of the page title; the home page uses the site's index_title instead. */
  title?: string;
  /** False where SPEC §2 forbids the entry warning (complete-signup, reset-password…). */
  entryWarning?: boolean;
  /** False where the language dropdown is hidden (complete-signup). */
  languageMenu?: boolean;
};

export type Layout = 'default' | 'chat' | 'lander' | 'empty';
export type ScreenRoute = { path: string; handle: RouteHandle; layout: Layout; Screen: ComponentType };

const screen = (load: () => Promise<{ default: ComponentType }>) => lazy(lazyImport(load));
const InfoPage = screen(() => import('./screens/pages/InfoPageScreen'));

/**
 * The route table of SPEC §2: path, name and layout of every screen, each screen its own lazy
 * chunk. Each capability adds its screens here; a path whose capability is not built yet falls
 * through to the 404 page. The Chat, Lander and Empty layouts (web/layouts/) take the chat
 * screens, landers and bare pages as those arrive.
 */
export const SCREENS: ScreenRoute[] = [
  {
    path: '/',
    layout: 'default',
    handle: { name: 'index' },
    Screen: screen(() => import('./screens/home/HomeScreen')),
  },
  { path: '/pages/:page', layout: 'default', handle: { name: 'pages' }, Screen: InfoPage },
  {
    path: '/lang-config',
    layout: 'default',
    handle: { name: 'lang-config', title: 'langConfig.title' },
    Screen: screen(() => import('./screens/lang-config/LangConfigScreen')),
  },
  { path: '/:token', layout: 'default', handle: { name: 'token' }, Screen: InfoPage },
];

export const NOT_FOUND_HANDLE: RouteHandle = { name: 'not-found', title: 'error.pageNotFound' };
