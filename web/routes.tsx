import { Route, Routes } from 'react-router';
import { DefaultLayout } from './layouts/DefaultLayout';
import { Root } from './layouts/Root';
import { type Layout, SCREENS } from './screen-table';
import { NotFound } from './screens/error/ErrorPage';

const routesIn = (layout: Layout) =>
  SCREENS.filter((s) => s.layout === layout).map(({ path, Screen }) => (
    <Route key={path} path={path} element={<Screen />} />
  ));

/** Mounts the screens of web/screen-table.ts in their layouts; anything else is the 404 page. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Root />}>
        <Route element={<DefaultLayout />}>
          {routesIn('default')}
          <Route path="*" element={<NotFound />} />
        </Route>
      </Route>
    </Routes>
  );
}
