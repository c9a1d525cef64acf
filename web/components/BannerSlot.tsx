import './BannerSlot.scss';
import { lazy, Suspense, useLayoutEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { shouldShowActivationReminder } from '../../common/rules/activation-reminder';
import { inMembersArea } from '../../common/rules/time-bonus';
import { useUser } from '../api/user';
import { useRouteHandle } from '../route-handle';
import { type BannerName, pickBanner } from '../shell/banner-order';
import {
  PHOTO_ALERT,
  PHOTO_ALERT_HIDDEN_ON,
  PUSH_ALERT,
  SETTINGS_ROUTES,
  showPushAlert,
} from '../shell/banner-rules';
import { lazyImport } from '../state/chunk-reload';
import { dismissedAt } from '../state/dismissals';
import { usePush } from '../state/push';
import { usePushMoment } from '../state/push-moment';
import { useOfferedDiscount } from '../state/time-bonus';

const ActivationReminder = lazy(lazyImport(() => import('./ActivationReminder')));
const DisabledNotificationsAlert = lazy(lazyImport(() => import('./DisabledNotificationsAlert')));
const NoticeAlert = lazy(lazyImport(() => import('./report/NoticeAlert')));
const PhotoAlert = lazy(lazyImport(() => import('./PhotoAlert')));
const PushAlert = lazy(lazyImport(() => import('./PushAlert')));
const TimeBonusBanner = lazy(lazyImport(() => import('./TimeBonusBanner')));

/** Which banners want to show on this screen, each by its own rule. */
function useWantedBanners() {
  const { data: user } = useUser();
  const route = useRouteHandle().name;
  const offer = useOfferedDiscount();
  const { state: pushState } = usePush();
  const pushMoment = usePushMoment();
  if (!user) return { wanted: {}, pushMoment };
  const wanted: Partial<Record<BannerName, boolean>> = {
    activation: shouldShowActivationReminder(user, route),
    notice: Boolean(user.unread_notices) && route !== 'reports',
    'email-off': user.notifications_disabled.length > 0 && !SETTINGS_ROUTES.has(route),
    photo: !user.profile.main_image && dismissedAt(PHOTO_ALERT) === null && !PHOTO_ALERT_HIDDEN_ON.has(route),
    offer: !user.paid_user && offer !== null && inMembersArea(route),
    push:
      pushMoment !== null &&
      showPushAlert({
        loggedIn: true,
        state: pushState,
        routeName: route,
        dismissed: dismissedAt(PUSH_ALERT) !== null,
      }),
  };
  return { wanted, pushMoment };
}

/**
 * The members area's one banner: the most important of those that want to show (shell/banner-order.ts).
 * It floats over the bottom of the screen (above the phone's tab bar), so it pushes nothing down
 * whenever it arrives; the layout's bottom padding grows by its height (--banner-space), so the
 * page's end stays reachable. The banner shown on a screen stays for that screen (a push alert
 * that was just turned on keeps saying so); one that is closed leaves the slot empty until the
 * next screen, which shows the next banner, if any: never two in a row on one screen.
 */
export default function BannerSlot() {
  const { pathname } = useLocation();
  const banners = useWantedBanners();
  const wanted = pickBanner(banners.wanted);
  const [shown, setShown] = useState<{ path: string; name: BannerName | null; closed: boolean }>({
    path: pathname,
    name: wanted,
    closed: false,
  });
  // A new screen chooses afresh; on the same screen, the first banner that wanted to show keeps its place.
  let current = shown;
  if (shown.path !== pathname || (shown.name === null && wanted !== null && !shown.closed)) {
    current = { path: pathname, name: wanted, closed: false };
    setShown(current);
  }
  const name = current.closed ? null : current.name;
  const close = () => setShown({ ...current, closed: true });

  const slot = useRef<HTMLDivElement>(null);
  // The layout keeps its end above the banner: its height, as it changes (text wrapping, a status line).
  useLayoutEffect(() => {
    const el = slot.current;
    const root = document.documentElement;
    if (!el) return;
    const publish = () => root.style.setProperty('--banner-space', `${el.offsetHeight}px`);
    publish();
    const observer = new ResizeObserver(publish);
    observer.observe(el);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--banner-space');
    };
  }, []);

  return (
    <div className="banner-slot" ref={slot} data-banner={name ?? undefined}>
      <Suspense fallback={null}>
        {name === 'activation' && <ActivationReminder />}
        {name === 'notice' && <NoticeAlert />}
        {name === 'email-off' && <DisabledNotificationsAlert />}
        {name === 'photo' && <PhotoAlert onClose={close} />}
        {name === 'offer' && <TimeBonusBanner />}
        {name === 'push' && <PushAlert onClose={close} moment={banners.pushMoment} />}
      </Suspense>
    </div>
  );
}
