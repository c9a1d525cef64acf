import { type ComponentType, lazy } from 'react';
import { useRouteHandle } from '../route-handle';
import { lazyImport } from '../state/chunk-reload';

const screen = (load: () => Promise<{ default: ComponentType }>) => lazy(lazyImport(load));

/**
 * The screens a link in a mail opens (activation, password reset, e-mail change, unsubscribe), by
 * route name. The route table points their paths here, through one lazy import, as with
 * payments-area.tsx: each screen's chunk list travels in this chunk, not in the entry that every
 * first page downloads (its budget is 120 KB).
 */
const BY_NAME: Record<string, ComponentType> = {
  'activate-done': screen(() => import('./account-mail/ActivateDoneScreen')),
  'activate-error': screen(() => import('./account-mail/ActivateErrorScreen')),
  'reset-password': screen(() => import('./account-mail/ResetPasswordScreen')),
  'reset-password-do': screen(() => import('./account-mail/ResetPasswordDoScreen')),
  'mail-change-do': screen(() => import('./account-mail/MailChangeDoScreen')),
  unsubscribe: screen(() => import('./unsubscribe/UnsubscribeScreen')),
};

export default function AccountArea() {
  const Screen = BY_NAME[useRouteHandle().name];
  return Screen ? <Screen /> : null;
}
