import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../../common/locales/en.json';
import { mockApi, renderAt, USER } from '../screens/transactions/test-support';
import { showPushAlert } from '../shell/banner-rules';
import { refreshPushState } from '../state/push';
import { fakeBrowser, fakeSubscription, KEY } from '../state/push-test-support';
import PushAlert from './PushAlert';

beforeEach(() => {
  vi.stubEnv('PROD', true);
  localStorage.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});

const at = async (path: string, opts: { loggedIn?: boolean } = {}) => {
  const view = await renderAt(
    path,
    { path, element: <PushAlert /> },
    { user: opts.loggedIn === false ? null : USER, settings: { push_public_key: KEY } },
  );
  // Lets the lazily read push state settle into the render.
  await act(async () => {});
  return view;
};
const enableButton = () => screen.queryByRole('button', { name: en.pushAlert.enable });

describe('showPushAlert (when push is possible; not on some screens; dismissible)', () => {
  const base = { loggedIn: true, state: 'not-subscribed' as const, routeName: 'members', dismissed: false };

  it('shows to a logged-in member whose browser can push and is not subscribed', () => {
    expect(showPushAlert(base)).toBe(true);
  });

  it.each(['not-capable', 'subscribed', 'denied'] as const)('not in state %s', (state) => {
    expect(showPushAlert({ ...base, state })).toBe(false);
  });

  it.each([
    'signup',
    'complete-signup',
    'signup-matches',
    'notifications',
    'activate-done',
    'directdebit',
    'premium',
  ])('not on %s', (routeName) => {
    expect(showPushAlert({ ...base, routeName })).toBe(false);
  });

  it('not to a visitor, not once dismissed', () => {
    expect(showPushAlert({ ...base, loggedIn: false })).toBe(false);
    expect(showPushAlert({ ...base, dismissed: true })).toBe(false);
  });
});

describe('PushAlert', () => {
  it('offers push to a member who can have it; enabling subscribes, posts, and says it is on', async () => {
    const browser = fakeBrowser({ permission: 'default', answer: 'granted' });
    const calls = mockApi(() => ({ body: { ok: true } }));
    await refreshPushState(KEY);
    await at('/members');
    expect(screen.getByText(en.pushAlert.text)).toBeTruthy();
    fireEvent.click(enableButton() as HTMLElement);
    await waitFor(() => expect(screen.getByText(en.pushAlert.enabled)).toBeTruthy());
    expect(browser.pushManager.subscribe).toHaveBeenCalledOnce();
    expect(calls.map((c) => `${c.method} ${c.url.pathname}${c.url.search}`)).toEqual([
      'POST /api/user.php?push=1',
    ]);
    expect(enableButton()).toBeNull();
    // The focus stays in the alert, on the close button that took the enable button's place.
    expect(document.activeElement?.getAttribute('aria-label')).toBe(en.pushAlert.close);
  });

  it('says so when push could not be turned on, and stays', async () => {
    fakeBrowser({ permission: 'default', answer: 'granted' });
    mockApi(() => ({ status: 503, body: null }));
    await refreshPushState(KEY);
    await at('/likes');
    fireEvent.click(enableButton() as HTMLElement);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(en.pushAlert.failed));
    expect(enableButton()).toBeTruthy();
  });

  it('a refused permission prompt takes the alert away (denied: the browser would not ask again)', async () => {
    fakeBrowser({ permission: 'default', answer: 'denied' });
    await refreshPushState(KEY);
    await at('/members');
    fireEvent.click(enableButton() as HTMLElement);
    await waitFor(() => expect(screen.queryByText(en.pushAlert.text)).toBeNull());
  });

  it('is not shown when subscribed, denied or not capable', async () => {
    fakeBrowser({
      permission: 'granted',
      subscription: fakeSubscription('https://p.test/1', new Uint8Array()),
    });
    await refreshPushState(KEY);
    await at('/members');
    expect(enableButton()).toBeNull();
    fakeBrowser({ permission: 'denied' });
    await refreshPushState(KEY);
    await at('/chats');
    expect(enableButton()).toBeNull();
    await refreshPushState(null);
    await at('/likes');
    expect(enableButton()).toBeNull();
  });

  it('is not shown on the notification settings or premium, nor to a visitor', async () => {
    fakeBrowser({ permission: 'default' });
    await refreshPushState(KEY);
    await at('/notifications');
    expect(enableButton()).toBeNull();
    await at('/premium');
    expect(enableButton()).toBeNull();
    await at('/members', { loggedIn: false });
    expect(enableButton()).toBeNull();
  });

  it('closing it stores the dismissal, and it stays away', async () => {
    fakeBrowser({ permission: 'default' });
    await refreshPushState(KEY);
    const view = await at('/members');
    fireEvent.click(screen.getByRole('button', { name: en.pushAlert.close }));
    expect(enableButton()).toBeNull();
    expect(Number(localStorage.getItem('dismissed:push'))).toBeGreaterThan(0);
    view.unmount();
    await at('/members');
    expect(enableButton()).toBeNull();
  });
});
