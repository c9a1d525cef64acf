import { useMemo } from 'react';
import { matchRoutes, useLocation } from 'react-router';
import { NOT_FOUND_HANDLE, type RouteHandle, SCREENS } from './screen-table';

export type { RouteHandle };

/** The handle of the screen at the current path, so shell parts know where they are. */
export function useRouteHandle(): RouteHandle {
  const { pathname } = useLocation();
  return useMemo(() => {
    const matches = matchRoutes(SCREENS, pathname);
    return (
      (matches?.[matches.length - 1]?.route as { handle?: RouteHandle } | undefined)?.handle ??
      NOT_FOUND_HANDLE
    );
  }, [pathname]);
}
