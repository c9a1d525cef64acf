import { lazy, Suspense, useRef } from 'react';
import { type Location, Route, Routes, useLocation } from 'react-router';
import { ScrollReset } from './components/ScrollReset';
import { ChatLayout } from './layouts/ChatLayout';
import { DefaultLayout } from './layouts/DefaultLayout';
import { Root } from './layouts/Root';
import { type Layout, SCREENS } from './screen-table';
import { NotFound } from './screens/error/lazy';
import { lazyScreen } from './state/chunk-reload';
import { usePhone } from './state/viewport';

// Landers are what paid traffic opens first: their layout is not in the entry chunk either.
const LanderLayout = lazy(lazyScreen(() => import('./layouts/LanderLayout')));
const SignupModal = lazy(lazyScreen(() => import('./screens/signup/SignupModal')));
// The operator console: a chunk family of its own, outside the member layouts (no top
// bar, entry warning or socket), that members never download.
const AdminApp = lazy(lazyScreen(() => import('./admin/AdminApp')));

const routesIn = (layout: Layout) =>
  SCREENS.filter((s) => s.layout === layout).map(({ path, Screen }) => (
    <Route key={path} path={path} element={<Screen />} />
  ));

/**
 * The signup modal: on tablets and desktops /signup is a modal over the page the visitor came
 * from (the home page when /signup is opened directly), on phones the signup page itself.
 */
function useSignupBackground(location: Location): Location | null {
  const phone = usePhone();
  const previous = useRef<Location | null>(null);
  if (location.pathname !== '/signup') {
    previous.current = location;
    return null;
  }
  if (phone) return null;
  return previous.current ?? { ...location, pathname: '/', search: '', hash: '' };
}

/** Mounts the screens of web/screen-table.ts in their layouts; anything else is the 404 page. */
export function AppRoutes() {
  const location = useLocation();
  const background = useSignupBackground(location);
  return (
    <>
      {/* Outside the routes: given a location, they tell the screens every navigation is a POP. */}
      <ScrollReset />
      <Routes location={background ?? location}>
        <Route
          path="/admin/*"
          element={
            <Suspense fallback={null}>
              <AdminApp />
            </Suspense>
          }
        />
        <Route element={<Root />}>
          <Route element={<DefaultLayout />}>
            {routesIn('default')}
            <Route path="*" element={<NotFound />} />
          </Route>
          <Route element={<ChatLayout />}>{routesIn('chat')}</Route>
          <Route element={<LanderLayout />}>{routesIn('lander')}</Route>
        </Route>
      </Routes>
      {background && (
        <Suspense fallback={null}>
          <SignupModal background={background} />
        </Suspense>
      )}
    </>
  );
}
